// Placeholder until the USPrivacy module lands.
