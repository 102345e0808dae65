// Placeholder until the ConsentCache module lands.
