import Testing

@testable import ConsentCLI

@Suite struct ArgumentCursorTests {
    private func elements(_ arguments: [String]) -> [ArgumentCursor.Element] {
        var cursor = ArgumentCursor(arguments)
        var result: [ArgumentCursor.Element] = []
        while let element = cursor.next() { result.append(element) }
        return result
    }

    @Test func separatesOptionsFromOperands() {
        #expect(
            elements(["--json", "CO", "-k", "tcf"]) == [
                .option("--json", inlineValue: nil), .operand("CO"), .option("-k", inlineValue: nil), .operand("tcf"),
            ]
        )
    }

    @Test func splitsInlineValueAtFirstEquals() {
        #expect(
            elements(["--kind=tcf", "--gvl=a=b.json"]) == [
                .option("--kind", inlineValue: "tcf"), .option("--gvl", inlineValue: "a=b.json"),
            ]
        )
    }

    @Test func treatsEverythingAfterDoubleDashAsOperands() {
        #expect(
            elements(["--json", "--", "--help", "-"]) == [
                .option("--json", inlineValue: nil), .operand("--help"), .operand("-"),
            ]
        )
    }

    @Test func treatsSingleDashAsOperand() {
        #expect(elements(["-"]) == [.operand("-")])
    }

    @Test func takesOptionValueFromNextArgument() throws {
        var cursor = ArgumentCursor(["--kind", "gpp", "rest"])
        guard case .option(let name, let inline) = cursor.next() else {
            Issue.record("expected an option")
            return
        }
        #expect(try cursor.value(of: name, inline: inline) == "gpp")
        #expect(cursor.next() == .operand("rest"))
    }

    @Test func rejectsMissingOptionValue() {
        var cursor = ArgumentCursor(["--kind"])
        _ = cursor.next()
        #expect(throws: UsageError("missing value for '--kind'")) { try cursor.value(of: "--kind", inline: nil) }
        var followed = ArgumentCursor(["--kind", "--json"])
        _ = followed.next()
        #expect(throws: UsageError.self) { try followed.value(of: "--kind", inline: nil) }
    }

    @Test func rejectsValueGivenToFlag() {
        let cursor = ArgumentCursor([])
        #expect(throws: UsageError.self) { try cursor.flag("--json", inline: "yes") }
    }

    @Test func suggestsClosestOptionForTypo() {
        #expect(UsageError.unknownOption("--jsno", known: ["--json", "--kind"]).message.contains("'--json'"))
        #expect(!UsageError.unknownOption("--verbose", known: ["--json", "--kind"]).message.contains("did you mean"))
    }
}
