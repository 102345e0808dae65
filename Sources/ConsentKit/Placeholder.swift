// Placeholder until the ConsentKit module lands.
