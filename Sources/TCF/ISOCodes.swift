/// The two-letter code lists lint checks against, from the Debian iso-codes tables (ISO 639-2's `alpha_2`
/// column, which is ISO 639-1, and ISO 3166-1 alpha-2), embedded so the codec needs no data files.
enum ISOCodes {
    /// ISO 639-1 language codes (184), upper case, space separated.
    static let languages: StaticString = """
        AA AB AE AF AK AM AN AR AS AV AY AZ BA BE BG BH BI BM BN BO BR BS CA CE CH CO CR CS CU CV CY DA DE
        DV DZ EE EL EN EO ES ET EU FA FF FI FJ FO FR FY GA GD GL GN GU GV HA HE HI HO HR HT HU HY HZ IA ID
        IE IG II IK IO IS IT IU JA JV KA KG KI KJ KK KL KM KN KO KR KS KU KV KW KY LA LB LG LI LN LO LT LU
        LV MG MH MI MK ML MN MR MS MT MY NA NB ND NE NG NL NN NO NR NV NY OC OJ OM OR OS PA PI PL PS PT QU
        RM RN RO RU RW SA SC SD SE SG SI SK SL SM SN SO SQ SR SS ST SU SV SW TA TE TG TH TI TK TL TN TO TR
        TS TT TW TY UG UK UR UZ VE VI VO WA WO XH YI YO ZA ZH ZU
        """

    /// ISO 3166-1 alpha-2 country codes (249), upper case, space separated.
    static let countries: StaticString = """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT
        BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH
        ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT
        HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS
        LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI
        NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG
        SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
        UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """

    /// True when `code` is in the space-separated list.
    static func list(_ list: StaticString, contains code: TwoLetterCode) -> Bool {
        let first = UInt8(ascii: "A") &+ code.first
        let second = UInt8(ascii: "A") &+ code.second
        return list.withUTF8Buffer { bytes in
            var index = 0
            while index + 1 < bytes.count {
                if bytes[index] == first && bytes[index + 1] == second { return true }
                index += 3
            }
            return false
        }
    }
}
