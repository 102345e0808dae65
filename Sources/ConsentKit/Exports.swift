// The umbrella module: `import ConsentKit` brings every format, so users import nothing else.
@_exported public import AdditionalConsent
@_exported public import ConsentCore
@_exported public import GPP
@_exported public import TCF
@_exported public import USPrivacy
