import Foundation
import ShortcutsContent

/// A tiny app extension written in Python that speaks extension protocol v1, with intents that
/// misbehave on purpose (crash, exit, hang), so the host's failure handling is tested against a
/// real process. Kept as a string (written to a temporary file) so the test target holds only
/// Swift sources.
enum FakeExtension {
    static let bundleIdentifier = "com.example.Fake"

    static let script = #"""
        import json, os, sys, time

        bundle = sys.argv[1]
        version = int(os.environ.get("FAKE_PROTOCOL_VERSION", "1"))
        tasks = [
            {"type": "entity", "entityType": "NoteEntity", "id": "n1", "title": "Buy milk",
             "properties": [{"key": "body", "value": {"type": "text", "text": "two litres"}},
                            {"key": "link", "value": {"type": "url", "url": "https://example.com/n1"}}]},
            {"type": "entity", "entityType": "NoteEntity", "id": "n2", "title": "Buy bread",
             "properties": [{"key": "body", "value": {"type": "text", "text": "rye"}},
                            {"key": "link", "value": {"type": "url", "url": "https://example.com/n2"}}]},
        ]

        def send(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()

        def result(id, value):
            send({"jsonrpc": "2.0", "id": id, "result": value})

        def perform(id, params):
            intent, values = params["intent"], params["parameters"]
            if intent == "CrashIntent":
                os.kill(os.getpid(), 9)
            if intent == "ExitIntent":
                sys.stderr.write("fake: the database is gone\n")
                sys.stderr.flush()
                os._exit(3)
            if intent == "HangIntent":
                time.sleep(120)
            if intent == "PidIntent":
                return result(id, {"outcome": "success", "value": {"type": "number", "number": os.getpid()}})
            if intent == "EchoIntent":
                if "text" not in values:
                    return result(id, {"outcome": "needsValue", "parameter": "text", "dialog": "What should I echo?"})
                return result(id, {"outcome": "success", "dialog": "Echoed.", "value": values["text"]})
            if intent == "ScheduleIntent":
                if "when" not in values:
                    return result(id, {"outcome": "needsValue", "parameter": "when", "dialog": "When?"})
                if not params["confirmed"]:
                    return result(id, {"outcome": "confirmationRequired", "dialog": "Schedule it for " + values["when"]["date"] + "?"})
                return result(id, {"outcome": "success", "value": values["when"]})
            if intent == "PickIntent":
                if "color" not in values:
                    options = [{"title": "Red", "value": {"type": "text", "text": "red"}},
                               {"title": "Green", "value": {"type": "text", "text": "green"}}]
                    return result(id, {"outcome": "disambiguation", "parameter": "color", "dialog": "Which color?", "options": options})
                return result(id, {"outcome": "success", "value": values["color"]})
            if intent == "TidyIntent":
                choices = params.get("choices") or []
                if not choices:
                    options = [{"title": "Archive", "value": {"type": "number", "number": 1}},
                               {"title": "Delete", "subtitle": "destructive", "value": {"type": "number", "number": 2}},
                               {"title": "Cancel", "value": {"type": "number", "number": 0}}]
                    return result(id, {"outcome": "choice", "dialog": "Archive or delete the note?", "options": options})
                if choices[0] == 0:
                    return result(id, {"outcome": "cancelled", "message": "the person cancelled"})
                return result(id, {"outcome": "success", "value": {"type": "text", "text": ["", "archived", "deleted"][choices[0]]}})
            if intent == "FailIntent":
                return result(id, {"outcome": "failure", "message": "Due date must be in the future."})
            if intent == "RefuseIntent":
                return result(id, {"outcome": "unsupported", "parameter": "size", "message": "sizes above 10 aren't sold"})
            if intent == "OpenNoteIntent":
                note = values.get("note")
                if note is None:
                    return result(id, {"outcome": "needsValue", "parameter": "note"})
                return result(id, {"outcome": "success", "value": note})
            send({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": "no intent " + intent}})

        for line in sys.stdin:
            message = json.loads(line)
            method, id, params = message.get("method"), message.get("id"), message.get("params") or {}
            if method == "initialize":
                result(id, {"protocolVersion": version, "bundleIdentifier": bundle})
            elif method == "intent.perform":
                perform(id, params)
            elif method == "entities.query":
                if params.get("identifiers"):
                    found = [t for t in tasks if t["id"] in params["identifiers"]]
                elif params.get("matching") is not None:
                    found = [t for t in tasks if params["matching"].lower() in t["title"].lower()]
                else:
                    found = tasks
                result(id, {"entities": found})
            elif method == "options.list":
                result(id, {"options": [{"title": t["title"], "value": t} for t in tasks]})
            elif method == "shutdown":
                break
            else:
                send({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "no method " + str(method)}})
        """#

    /// A temporary `$SHORTCUTS_HOME` with the fake app's manifest in `Apps/`.
    final class Installation {
        let home: URL
        let manifest: AppManifest

        init(bundleIdentifier: String = FakeExtension.bundleIdentifier) throws {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("appactions-\(UUID().uuidString)")
            let apps = home.appendingPathComponent("Apps")
            try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
            let scriptPath = home.appendingPathComponent("fake_extension.py").path
            try Data(FakeExtension.script.utf8).write(to: URL(fileURLWithPath: scriptPath))
            manifest = FakeExtension.manifest(bundleIdentifier: bundleIdentifier, script: scriptPath)
            try write(manifest, named: "\(bundleIdentifier).json")
        }

        deinit { try? FileManager.default.removeItem(at: home) }

        /// Writes a manifest (or any bytes) into `Apps/`.
        func write(_ manifest: AppManifest, named name: String) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try write(try encoder.encode(manifest), named: name)
        }

        func write(_ data: Data, named name: String) throws {
            try data.write(to: home.appendingPathComponent("Apps").appendingPathComponent(name))
        }
    }

    static var python: String {
        ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/python3"
    }

    static func manifest(bundleIdentifier: String, script: String) -> AppManifest {
        func action(_ name: String, _ title: String, _ parameters: [ParameterMetadata] = [], input: String? = nil, output: String? = nil)
            -> ActionMetadata
        {
            ActionMetadata(
                identifier: "\(bundleIdentifier).\(name)", title: title, parameters: parameters, inputParameter: input, outputType: output)
        }
        var note = ParameterMetadata(key: "note", title: "Note", type: .entity, isRequired: true, entityType: "NoteEntity")
        note.hasDynamicOptions = true
        return AppManifest(
            bundleIdentifier: bundleIdentifier, name: "Fake", executable: python, extensionArguments: [script, bundleIdentifier],
            actions: [
                action(
                    "EchoIntent", "Echo", [ParameterMetadata(key: "text", title: "Text", type: .text, isRequired: true)], input: "text",
                    output: "Text"),
                action(
                    "ScheduleIntent", "Schedule", [ParameterMetadata(key: "when", title: "When", type: .date, isRequired: true)],
                    output: "Date"),
                action("PickIntent", "Pick", [ParameterMetadata(key: "color", title: "Color", type: .text)], output: "Text"),
                action("TidyIntent", "Tidy", output: "Text"),
                action("FailIntent", "Fail"),
                action("RefuseIntent", "Refuse", [ParameterMetadata(key: "size", title: "Size", type: .number)]),
                action("OpenNoteIntent", "Open Note", [note], input: "note", output: "NoteEntity"),
                action("CrashIntent", "Crash"),
                action("ExitIntent", "Exit"),
                action("HangIntent", "Hang"),
                action("PidIntent", "Process Identifier", output: "Number"),
            ],
            entities: [
                EntityTypeMetadata(
                    name: "NoteEntity", displayName: "Note",
                    properties: [.init(name: "body", title: "Body", type: "Text"), .init(name: "link", title: "Link", type: "URL")],
                    supportsStringQuery: true)
            ])
    }
}
