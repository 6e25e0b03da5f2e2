import Foundation
import ShortcutsTestSupport
import Testing

/// `shortcuts describe` against a chat server of the test's own (Python's http.server), which
/// writes one shortcut that runs by itself every morning: shown, saved, and its automation added.
struct DescribeCommandTests {
    static let server = """
        import http.server, json, sys
        class Model(http.server.BaseHTTPRequestHandler):
            def answer(self, body):
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def do_GET(self):
                self.answer({"data": [{"id": "fake"}]})
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                shortcut = {"name": "Morning Hello", "when": "at 07:30", "lines": ['ShowResult "Good morning"']}
                self.answer({"choices": [{"message": {"role": "assistant", "content": json.dumps(shortcut)}}]})
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Model)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    @Test func aShortcutThatRunsByItselfIsSavedWithItsAutomation() throws {
        let shell = try CommandRunner()
        shell.extraEnvironment["XDG_CONFIG_HOME"] = shell.directory.path + "/config"
        let script = try shell.write(Data(Self.server.utf8), to: "model.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // SIGKILL: a child of the test process may inherit SIGTERM ignored.
        defer { kill(process.processIdentifier, SIGKILL) }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the model server printed \(line)")
        #expect(try shell.run(["settings", "--model", "fake=http://127.0.0.1:\(port)/v1"]).status == 0)

        let described = try shell.run(["describe", "every morning at 7:30 say good morning", "--yes"])
        #expect(described.status == 0, "\(described.error)")
        #expect(described.output.contains("// Runs by itself at 07:30 (an automation)"), "\(described.output)")
        #expect(described.output.contains("ShowResult \"Good morning\""))
        #expect(described.output.contains("Saved \"Morning Hello\""))
        #expect(described.output.contains("Added \"Morning Hello\": runs \"Morning Hello\" every day at 07:30"), "\(described.output)")
        let automations = try shell.run(["automation", "list"])
        #expect(automations.output.contains("Morning Hello"), "\(automations.output)")

        // Without --yes and without a terminal it is only shown: nothing saved, no automation.
        let other = try CommandRunner()
        other.extraEnvironment["XDG_CONFIG_HOME"] = other.directory.path + "/config"
        #expect(try other.run(["settings", "--model", "fake=http://127.0.0.1:\(port)/v1"]).status == 0)
        let shown = try other.run(["describe", "every morning at 7:30 say good morning"])
        #expect(shown.status == 0)
        #expect(shown.error.contains("Not saved"), "\(shown.error)")
        #expect(try other.run(["list"]).output.contains("Morning Hello") == false)
    }
}
