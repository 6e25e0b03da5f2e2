import Foundation
import ShortcutsTestSupport
import Testing

/// Signed shortcuts through the service as through `shortcuts import`: the socket's
/// `shortcuts.import` and D-Bus's `ImportShortcut` say the same signer the command line prints,
/// refuse a file Apple doesn't vouch for with the same reason until the client allows it, and
/// the imported shortcut runs through the service with the command line's output.
@Suite struct SignedImportTests {
    static let signed = SharedCorpus.root.path + "/signed"

    /// What the command line says of a file (its signer line) and prints when it runs it.
    private func commandLine(_ file: String, harness: ServiceHarness) throws -> (signer: String, output: String) {
        let home = try TemporaryHome(prefix: "signed-cli")
        let imported = try home.run("shortcuts", ["import", file, "--allow-unverified", "--name", "Probe"])
        let ran = try home.run("shortcuts", ["run", "Probe"], input: Data("Ada".utf8))
        return (imported.output.split(separator: "\n").first.map(String.init) ?? "", ran.output)
    }

    @Test func theSocketImportsSaysTheSignerRefusesTheUnverifiedAndRuns() throws {
        let files = SharedCorpus.files(in: "signed", endingWith: ".shortcut")
        SharedCorpus.report(files.count, from: "signed", suite: "SignedImportTests")
        guard !files.isEmpty else { return }
        let harness = try ServiceHarness()
        try harness.startService()
        let appleSigned = Self.signed + "/06-cherri-hello-world.shortcut"
        let unknown = Self.signed + "/03-self-signed-demo.shortcut"
        let script =
            SocketTests.client + """
                def imp(params):
                    reply = call('shortcuts.import', params)
                    return reply.get('result') or reply['error']
                first = imp({'source': sys.argv[2], 'name': 'Cherri'})
                print(first['name']); print(first['signer'])
                refused = imp({'source': sys.argv[3]})
                print(refused['code']); print(refused['message'])
                allowed = imp({'source': sys.argv[3], 'name': 'Self', 'allowUnverified': True})
                print(allowed['signer'])
                print(sorted(s['name'] for s in call('shortcuts.list', {})['result']['shortcuts']))
                print(json.dumps(call('shortcuts.run', {'shortcut': 'Cherri', 'input': 'Ada'})['result']['output']))
                print(imp({'source': sys.argv[2], 'name': 'Cherri'})['code'])
                print(imp({'source': '/nonexistent/x.shortcut'})['code'])
                """
        let result = try harness.python(script, [harness.socketPath, appleSigned, unknown])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cherri = try commandLine(appleSigned, harness: harness)
        let selfSigned = try commandLine(unknown, harness: harness)
        #expect(lines.count >= 10, "\(result.output)")
        guard lines.count >= 10 else { return }
        #expect(lines[0] == "Cherri")
        #expect(lines[1] == cherri.signer && lines[1].hasPrefix("Signed by Apple (iCloud)"), "\(lines[1]) vs \(cherri.signer)")
        #expect(lines[2] == "1002", "the unverified file is refused as Denied: \(lines[2])")
        #expect(
            lines[3].contains("is signed by an unknown signer") && lines[3].contains("give allowUnverified to import it anyway"),
            "\(lines[3])")
        #expect(lines[4] == selfSigned.signer && lines[4].hasPrefix("Signed by an unknown signer"), "\(lines[4]) vs \(selfSigned.signer)")
        #expect(lines[5].contains("'Cherri'") && lines[5].contains("'Self'"), "\(lines[5])")
        let output = try JSONSerialization.jsonObject(with: Data(lines[6].utf8), options: .fragmentsAllowed) as? String
        #expect(
            output.map { $0 + "\n" } == cherri.output || output == cherri.output,
            "the service ran it as the command line does: \(lines[6]) vs \(cherri.output)")
        #expect(lines[7] == "-32602", "a second import under the same name is refused: \(lines[7])")
        #expect(lines[8] == "1001", "a missing file is NotFound: \(lines[8])")
        #expect(harness.log.contains("imported Cherri from \(appleSigned) (Signed by Apple (iCloud)"), "\(harness.log)")
    }

    @Test(.enabled(if: ServiceHarness.hasDBus)) func dBusImportsWithOptionsAndRefusesTheUnverified() throws {
        let files = SharedCorpus.files(in: "signed", endingWith: ".shortcut")
        SharedCorpus.report(files.count, from: "signed", suite: "SignedImportTests")
        guard !files.isEmpty else { return }
        let harness = try ServiceHarness()
        try harness.startBus()
        try harness.startService()
        let call = ["call", "--session", "--dest", "org.swiftshortcuts.Events", "--object-path", "/org/swiftshortcuts/Events", "--method"]
        let unknown = Self.signed + "/03-self-signed-demo.shortcut"
        let refused = try harness.run("/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.ImportShortcut", unknown, "{}"])
        #expect(refused.status != 0 && refused.error.contains("org.swiftshortcuts.Error.Denied"), "\(refused.error)")
        #expect(refused.error.contains("is signed by an unknown signer"), "\(refused.error)")
        let allowed = try harness.run(
            "/usr/bin/gdbus",
            call + ["org.swiftshortcuts.Events1.ImportShortcut", unknown, "{'allowUnverified': <true>, 'name': <'Self'>}"])
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(allowed.output.contains("'name': <'Self'>") && allowed.output.contains("Signed by an unknown signer"), "\(allowed.output)")
        let misspelt = try harness.run(
            "/usr/bin/gdbus", call + ["org.swiftshortcuts.Events1.ImportShortcut", unknown, "{'allowUnverifed': <true>}"])
        #expect(misspelt.error.contains("ImportShortcut has no option allowUnverifed"), "\(misspelt.error)")
    }
}
