import Foundation
import ShortcutFormat
import ShortcutsTestSupport
import Testing

/// `shortcuts import | view | run` of iCloud links, against a server on loopback that answers
/// like iCloud's record API (`SHORTCUTS_ICLOUD_URL` points there): a record with an unsigned
/// file, one with only a signed file, a deleted record, a missing one, a file that is not a
/// shortcut, and a slow server.
@Suite(.serialized) struct ICloudLinkTests {
    let shell: CommandRunner
    let server: Process
    let port: Int

    static let ids = (
        unsigned: "0123456789abcdef0123456789abcdef", signedOnly: "fedcba9876543210fedcba9876543210",
        deleted: "deadbeefdeadbeefdeadbeefdeadbeef", missing: "00000000000000000000000000000000",
        notAShortcut: "11111111111111111111111111111111", slow: "22222222222222222222222222222222",
        iconless: "33333333333333333333333333333333"
    )

    static let script = #"""
        import http.server, json, os, sys, time
        folder = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def send(self, status, body, kind="application/json"):
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def do_GET(self):
                port = self.server.server_address[1]
                parts = self.path.split("?")[0].strip("/").split("/")
                if parts[:3] == ["shortcuts", "api", "records"]:
                    ident = parts[3]
                    records = json.load(open(os.path.join(folder, "records.json")))
                    if ident not in records:
                        return self.send(404, json.dumps({"error": "NOT_FOUND", "reason": "Record not found"}).encode())
                    record = records[ident]
                    time.sleep(record.pop("delay", 0))
                    text = json.dumps(record).replace("PORT", str(port))
                    return self.send(200, text.encode())
                if parts[0] == "files" and len(parts) == 3 and parts[2] == "shortcut.shortcut":
                    return self.send(200, open(os.path.join(folder, parts[1]), "rb").read(), "application/octet-stream")
                self.send(404, b"{}")
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    init() throws {
        shell = try CommandRunner()
        let folder = shell.directory.appendingPathComponent("icloud")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hello = ExampleShortcuts.examplesDirectory.appendingPathComponent("Hello.shortcut")
        try FileManager.default.copyItem(at: hello, to: folder.appendingPathComponent("hello"))
        // A file without an icon: the record's icon is kept.
        var plain = try ShortcutFile.read(try Data(contentsOf: hello), path: "Hello").workflow
        plain.settings["WFWorkflowIcon"] = nil
        try ShortcutFile.write(plain).write(to: folder.appendingPathComponent("plain"))
        let signed = SignedShortcutCommandTests.file("08-portfolio-add-holding")
        try FileManager.default.copyItem(atPath: signed, toPath: folder.appendingPathComponent("signed").path)
        try Data("<html>Not here</html>".utf8).write(to: folder.appendingPathComponent("page"))
        func asset(_ name: String) -> [String: Any] {
            ["type": "ASSETID", "value": ["downloadURL": "http://127.0.0.1:PORT/files/\(name)/${f}?o=abc&e=1", "size": 1]]
        }
        func record(_ id: String, _ name: String, _ fields: [String: Any], delay: Double = 0) -> [String: Any] {
            var fields = fields
            fields["name"] = ["type": "STRING", "value": name]
            return ["recordName": id.uppercased(), "recordType": "SharedShortcut", "fields": fields, "delay": delay]
        }
        let records: [String: Any] = [
            Self.ids.unsigned: record(Self.ids.unsigned, "Hello Cloud", ["shortcut": asset("hello"), "signedShortcut": asset("signed")]),
            Self.ids.signedOnly: record(Self.ids.signedOnly, "Portfolio", ["signedShortcut": asset("signed")]),
            Self.ids.deleted: ["recordName": Self.ids.deleted.uppercased(), "deleted": true],
            Self.ids.notAShortcut: record(Self.ids.notAShortcut, "Page", ["shortcut": asset("page")]),
            Self.ids.slow: record(Self.ids.slow, "Slow", ["shortcut": asset("hello")], delay: 5),
            Self.ids.iconless: record(
                Self.ids.iconless, "Plain",
                [
                    "shortcut": asset("plain"), "icon_color": ["type": "NUMBER_INT64", "value": 4_282_601_983],
                    "icon_glyph": ["type": "NUMBER_INT64", "value": 59511],
                ]),
        ]
        try JSONSerialization.data(withJSONObject: records).write(to: folder.appendingPathComponent("records.json"))

        let script = try shell.write(Data(Self.script.utf8), to: "icloud_server.py")
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [script, folder.path]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        // The server prints its port once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        port = try #require(
            Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), "the iCloud stand-in did not start")
        shell.extraEnvironment["SHORTCUTS_ICLOUD_URL"] = "http://127.0.0.1:\(port)"
        shell.extraEnvironment["SHORTCUTS_ICLOUD_TIMEOUT"] = "2"
    }

    /// Stops the server (SIGKILL: the runner's threads may leave SIGTERM ignored in children).
    func stop() {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    func link(_ id: String) -> String { "https://www.icloud.com/shortcuts/\(id)" }

    @Test func importTakesTheUnsignedFileAndTheRecordsName() throws {
        defer { stop() }
        let result = try shell.run(["import", link(Self.ids.unsigned)])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Imported \"Hello Cloud\" ("))
        #expect(try shell.run(["run", "Hello Cloud"]).output == "Hello, World!\n")
        let renamed = try shell.run(["import", link(Self.ids.unsigned), "--name", "Greeter"])
        #expect(renamed.output.hasPrefix("Imported \"Greeter\" ("))
    }

    /// The same links through MCP (`shortcuts.import`, then the shortcut as a tool) and through
    /// shortcutsd's socket (`shortcuts.import`, then `shortcuts.run`): the record's name, the
    /// signed-only record's signer said as the command line says it, and the same output.
    @Test func mcpAndTheServiceImportLinksAsTheCommandLineDoes() throws {
        defer { stop() }
        let cli = try shell.run(["import", link(Self.ids.signedOnly), "--name", "CLI Portfolio"])
        let signer = cli.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(signer.hasPrefix("Signed by Apple (iCloud)"), "\(cli.output)")
        let driver = """
            import json, subprocess, sys
            server = subprocess.Popen([sys.argv[1], 'mcp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            changed = []
            def request(id, method, params):
                server.stdin.write(json.dumps({'jsonrpc': '2.0', 'id': id, 'method': method, 'params': params}) + '\\n')
                server.stdin.flush()
                while True:
                    reply = json.loads(server.stdout.readline())
                    if reply.get('method') == 'notifications/tools/list_changed': changed.append(reply)
                    if reply.get('id') == id: return reply
            request(1, 'initialize', {'protocolVersion': '2025-11-25', 'capabilities': {}, 'clientInfo': {'name': 't', 'version': '1'}})
            server.stdin.write(json.dumps({'jsonrpc': '2.0', 'method': 'notifications/initialized'}) + '\\n')
            unsigned = request(2, 'tools/call', {'name': 'shortcuts.import', 'arguments': {'source': sys.argv[2]}})['result']['structuredContent']
            signed = request(3, 'tools/call', {'name': 'shortcuts.import', 'arguments': {'source': sys.argv[3], 'name': 'MCP Portfolio'}})['result']['structuredContent']
            print(unsigned['name']); print(unsigned['signer']); print(signed['signer'])
            # The imported shortcuts become tools: the server says so, then lists them.
            while not changed:
                message = json.loads(server.stdout.readline())
                if message.get('method') == 'notifications/tools/list_changed': changed.append(message)
            tools = [t['name'] for t in request(4, 'tools/list', {})['result']['tools'] if 'Hello' in t['name']]
            ran = request(5, 'tools/call', {'name': tools[0], 'arguments': {'input': 'Ada'}})['result']['content'][0]['text']
            print(ran)
            server.stdin.close(); server.wait()
            """
        let mcp = try ProcessRun.run(
            "/usr/bin/python3",
            ["-c", driver, try BuiltProducts.path(of: "shortcuts"), link(Self.ids.unsigned), link(Self.ids.signedOnly)],
            environment: shell.environment)
        #expect(mcp.status == 0, "\(mcp.error)")
        #expect(mcp.output == "Hello Cloud\nNone\n\(signer)\nHello, Ada!\n", "\(mcp.output)")

        // The service, on a socket of its own.
        var environment = shell.environment
        environment["SHORTCUTS_SERVICE_NO_DBUS"] = "1"
        environment["SHORTCUTS_SERVICE_SOCKET"] = shell.directory.path + "/events.sock"
        let service = Process()
        service.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcutsd"))
        service.environment = environment
        service.standardError = FileHandle.nullDevice
        try service.run()
        defer {
            kill(service.processIdentifier, SIGKILL)
            service.waitUntilExit()
        }
        let client = """
            import json, socket, sys, time
            deadline = time.time() + 10
            while True:
                try:
                    s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); break
                except OSError:
                    if time.time() > deadline: raise
                    time.sleep(0.02)
            f = s.makefile()
            def call(method, params, id=1):
                s.sendall((json.dumps({'jsonrpc': '2.0', 'id': id, 'method': method, 'params': params}) + '\\n').encode())
                return json.loads(f.readline())
            reply = call('shortcuts.import', {'source': sys.argv[2], 'name': 'Socket Portfolio'})
            imported = reply.get('result') or sys.exit(str(reply))
            print(imported['signer'])
            print(call('shortcuts.import', {'source': sys.argv[3], 'name': 'Socket Hello'})['result']['name'])
            print(call('shortcuts.run', {'shortcut': 'Socket Hello', 'input': 'Bo'})['result']['output'])
            """
        let socket = try ProcessRun.run(
            "/usr/bin/python3",
            ["-c", client, environment["SHORTCUTS_SERVICE_SOCKET"]!, link(Self.ids.signedOnly), link(Self.ids.unsigned)],
            environment: environment)
        #expect(socket.status == 0, "\(socket.error)")
        #expect(socket.output == signer + "\nSocket Hello\nHello, Bo!\n", "\(socket.output)")
    }

    @Test func theRecordsIconIsKeptWhereTheFileHasNone() throws {
        defer { stop() }
        #expect(try shell.run(["import", link(Self.ids.iconless)]).status == 0)
        let copy = try Data(contentsOf: URL(fileURLWithPath: shell.home + "/Shortcuts/Plain.shortcut"))
        let workflow = try ShortcutFile.read(copy, path: "Plain").workflow
        #expect(workflow.iconColor == 4_282_601_983)
        #expect(workflow.iconGlyph == 59511)
    }

    @Test func viewAndRunFetchTheLink() throws {
        defer { stop() }
        let view = try shell.run(["view", link(Self.ids.unsigned)])
        #expect(view.output.hasPrefix("Hello Cloud: 5 actions, accepts input\n"))
        let run = try shell.run(["run", "https://icloud.com/shortcuts/\(Self.ids.unsigned.uppercased())"], input: Data("Ada".utf8))
        #expect(run.output == "Hello, Ada!\n", "\(run.error)")
    }

    @Test func aRecordWithOnlyASignedFileGivesTheSignedFile() throws {
        defer { stop() }
        let result = try shell.run(["view", link(Self.ids.signedOnly)])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Portfolio: 13 actions\nSigned by Apple (iCloud), shortcut id 427aca832cdd4989b27157acd2915feb"))
    }

    @Test func failuresSayWhatHappenedAndNameTheShortcut() throws {
        defer { stop() }
        let cases: [(String, String)] = [
            (Self.ids.missing, "iCloud has no such shortcut: Record not found"),
            (Self.ids.deleted, "the shortcut was deleted from iCloud"),
            (Self.ids.notAShortcut, "is not a shortcut"),
            (Self.ids.slow, "(is the network up?)"),
        ]
        for (id, message) in cases {
            let result = try shell.run(["import", link(id)])
            #expect(result.status == 1, "\(id)")
            #expect(result.error.contains(message), "\(id): \(result.error)")
            #expect(
                result.error.contains(
                    "iCloud shortcut \(id) (\(link(id)), looked up at http://127.0.0.1:\(port)/shortcuts/api/records/\(id))"))
        }
        let notALink = try shell.run(["import", "https://www.icloud.com/shortcuts/xyz"])
        #expect(notALink.status == 1)
        #expect(notALink.error.contains("is not a shortcut link"))
        #expect(try shell.run(["list"]).output == "")
    }

    @Test func noServerMeansNoNetwork() throws {
        stop()
        let result = try shell.run(["import", link(Self.ids.unsigned)])
        #expect(result.status == 1)
        #expect(result.error.contains("Couldn't fetch iCloud shortcut \(Self.ids.unsigned)"))
        #expect(result.error.contains("(is the network up?)"))
    }
}
