// Placeholder until the TCF module lands.
