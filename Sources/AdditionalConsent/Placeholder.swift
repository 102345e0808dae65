// Placeholder until the AdditionalConsent module lands.
