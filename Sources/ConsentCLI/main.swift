print("consent: not built yet")
