public import ConsentCore

/// The publisher TC segment of a TC string (segment type 3): the publisher's own purposes and custom purposes.
public struct PublisherTC: Sendable, Hashable {
    /// PubPurposesConsent, bitfield of 24: purposes the user consented to for the publisher.
    public var publisherConsents: IDSet
    /// PubPurposesLITransparency, bitfield of 24: purposes the publisher relies on legitimate interest for.
    public var publisherLegitimateInterests: IDSet
    /// NumCustomPurposes, 6 bits: how many custom purposes the two custom bitfields cover (ids 1...n).
    public var numCustomPurposes: Int
    /// CustomPurposesConsent, bitfield of ``numCustomPurposes``.
    public var publisherCustomConsents: IDSet
    /// CustomPurposesLITransparency, bitfield of ``numCustomPurposes``.
    public var publisherCustomLegitimateInterests: IDSet

    /// A publisher TC segment; every set empty by default.
    public init(
        publisherConsents: IDSet = IDSet(),
        publisherLegitimateInterests: IDSet = IDSet(),
        numCustomPurposes: Int = 0,
        publisherCustomConsents: IDSet = IDSet(),
        publisherCustomLegitimateInterests: IDSet = IDSet()
    ) {
        self.publisherConsents = publisherConsents
        self.publisherLegitimateInterests = publisherLegitimateInterests
        self.numCustomPurposes = numCustomPurposes
        self.publisherCustomConsents = publisherCustomConsents
        self.publisherCustomLegitimateInterests = publisherCustomLegitimateInterests
    }
}
