// Placeholder until the GPP module lands.
