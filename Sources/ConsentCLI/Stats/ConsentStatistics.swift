import ConsentKit

/// Counts over many consent strings, as `consent stats` prints them: how many of each kind, why the others failed,
/// and what the strings say (purpose and vendor consents, GPP sections and opt-outs, US Privacy opt-outs, AC
/// providers). Memory does not grow with the number of strings.
struct ConsentStatistics {
    /// Inputs read: arguments, lines of standard input or of a text file, requests of a HAR file (a request whose
    /// URL, body and cookies all carry consent is one input).
    var inputs = 0
    /// Inputs that held no string that could be read (not a string, URL, bid request or preferences), by code.
    var unreadable = Tally<String>()
    /// What the checks of `decode` and `lint` say of the inputs themselves, by code: a consent field present but
    /// empty, a macro left in, a misspelt key (the findings of reading them), and `gdprWithoutTCString`.
    var checks = Tally<String>()
    /// Strings found in the inputs, decoded or not.
    var strings = 0
    /// Strings that did not decode, by error code.
    var failures = Tally<String>()
    /// Strings that decoded, by kind.
    var kinds = Tally<String>()
    /// TC strings: standalone ones and GPP sections 2.
    var tcf = TCStatistics()
    /// GPP strings.
    var gpp = GPPStatistics()
    /// US Privacy strings: standalone, and the uspv1 sections of GPP strings (as GPP section 2 counts as a TC string).
    var usp = USPStatistics()
    /// Additional Consent strings.
    var ac = ACStatistics()

    /// Counts a string that decoded.
    mutating func add(_ value: ConsentString) {
        strings += 1
        kinds.add(value.format.rawValue)
        switch value {
        case .tcf(.v2(let string)): tcf.add(string, inGPP: false)
        case .tcf(.legacy): tcf.legacy += 1
        case .gpp(let string):
            gpp.add(string)
            if let section = string.tcfEuV2 { tcf.add(section, inGPP: true) }
            if string.tcfEuV1 != nil { tcf.legacy += 1 }
            if let section = string.usPrivacy { usp.add(section, inGPP: true) }
        case .usp(let string): usp.add(string, inGPP: false)
        case .ac(let string): ac.add(string)
        }
    }

    /// Counts a string that did not decode.
    mutating func add(failure: ConsentError) {
        strings += 1
        failures.add(failure.code.description)
    }
}

/// What the TC strings (v2) say, purpose by purpose and vendor by vendor.
struct TCStatistics {
    /// TC strings of version 2, GPP sections 2 included.
    var strings = 0
    /// Of those, the ones found as GPP section 2.
    var inGPP = 0
    /// Legacy v1.1 strings, GPP sections 1 (`tcfeuv1`) included (counted, not read further: their purposes mean other
    /// things).
    var legacy = 0
    /// Strings per purpose consented to (1-24).
    var purposeConsents = IDCounts(maximumID: 24)
    /// Strings per purpose with legitimate interest established (1-24).
    var purposeLegitimateInterests = IDCounts(maximumID: 24)
    /// Strings per special feature opted in to (1-12).
    var specialFeatureOptins = IDCounts(maximumID: 12)
    /// Strings per vendor with consent.
    var vendorConsents = IDCounts()
    /// Strings per vendor with legitimate interest.
    var vendorLegitimateInterests = IDCounts()
    /// Strings that give no vendor consent at all ("reject all").
    var withoutVendorConsent = 0
    /// Strings with a disclosed-vendors segment (mandatory from TCF 2.3).
    var withDisclosedVendors = 0
    /// Strings with publisher restrictions.
    var withPublisherRestrictions = 0
    /// Strings per CMP id.
    var cmpIDs = Tally<Int>()
    /// Strings per TCF policy version.
    var policyVersions = Tally<Int>()

    mutating func add(_ string: TCString, inGPP: Bool) {
        strings += 1
        if inGPP { self.inGPP += 1 }
        purposeConsents.add(string.purposeConsents)
        purposeLegitimateInterests.add(string.purposeLegitimateInterests)
        specialFeatureOptins.add(string.specialFeatureOptins)
        vendorConsents.add(string.vendorConsents)
        vendorLegitimateInterests.add(string.vendorLegitimateInterests)
        if string.vendorConsents.isEmpty { withoutVendorConsent += 1 }
        if string.disclosedVendors != nil { withDisclosedVendors += 1 }
        if !string.publisherRestrictions.isEmpty { withPublisherRestrictions += 1 }
        cmpIDs.add(string.cmpId)
        policyVersions.add(string.policyVersion)
    }
}

/// What the GPP strings hold: their sections, and the opt-outs of the US sections.
struct GPPStatistics {
    /// The opt-outs of one US section (usnat or a state) over the strings that carry it.
    struct USSection {
        /// Strings carrying the section.
        var strings = 0
        /// Of those, SaleOptOut 1 (opted out).
        var saleOptedOut = 0
        /// SharingOptOut 1.
        var sharingOptedOut = 0
        /// TargetedAdvertisingOptOut 1.
        var targetedAdvertisingOptedOut = 0
        /// A GPC subsection saying true.
        var gpc = 0
        /// Strings whose layout has a GPC subsection, present or not (usin's standard layout has none; another
        /// one, which some encoders write, has).
        var withGPCSubsection = 0
    }

    /// GPP strings.
    var strings = 0
    /// Strings per section id.
    var sections = Tally<Int>()
    /// The US sections' opt-outs, by section id.
    var usSections: [Int: USSection] = [:]

    mutating func add(_ string: GPPString) {
        strings += 1
        for id in Set(string.sectionIDs) { sections.add(id) }
        for section in string.sections {
            guard let fields = section.fieldSection, let sale = fields.saleOptOut else { continue }
            var counts = usSections[section.id] ?? USSection()
            counts.strings += 1
            if sale == 1 { counts.saleOptedOut += 1 }
            if fields.sharingOptOut == 1 { counts.sharingOptedOut += 1 }
            if fields.targetedAdvertisingOptOut == 1 { counts.targetedAdvertisingOptedOut += 1 }
            if fields.gpc == true { counts.gpc += 1 }
            if GPPFieldLookup.layout(fields.layout, has: "gpc") { counts.withGPCSubsection += 1 }
            usSections[section.id] = counts
        }
    }
}

/// The letters of the US Privacy strings.
struct USPStatistics {
    /// US Privacy strings.
    var strings = 0
    /// Of those, the ones found as GPP section 6 (uspv1).
    var inGPP = 0
    /// Strings per letter (`Y`, `N`, `-`) of Notice.
    var notice = Tally<String>()
    /// Strings per letter of OptOutSale.
    var optOutSale = Tally<String>()
    /// Strings per letter of LspaCovered.
    var lspaCovered = Tally<String>()

    mutating func add(_ string: USPrivacyString, inGPP: Bool) {
        strings += 1
        if inGPP { self.inGPP += 1 }
        notice.add(string.notice.description)
        optOutSale.add(string.optOutSale.description)
        lspaCovered.add(string.lspaCovered.description)
    }
}

/// The providers of the Additional Consent strings.
struct ACStatistics {
    /// AC strings.
    var strings = 0
    /// Strings per version.
    var versions = Tally<Int>()
    /// Strings per consented provider.
    var consentedProviders = IDCounts()
    /// Strings that consent to no provider.
    var withoutConsent = 0

    mutating func add(_ string: AdditionalConsentString) {
        strings += 1
        versions.add(string.version.rawValue)
        consentedProviders.add(string.consentedProviders)
        if string.consentedProviders.isEmpty { withoutConsent += 1 }
    }
}
