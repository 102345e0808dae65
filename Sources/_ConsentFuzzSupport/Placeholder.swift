// Placeholder until the fuzz invariants land.
