import Foundation
import ShortcutsContent
import ShortcutsRPC
import Testing

/// Runs the built example apps as real processes.
@Suite struct ExampleAppTests {
    /// An example binary built next to the test bundle.
    static func binary(_ name: String) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        Issue.record("\(name) was not built next to the test bundle; run `swift build` first")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs a binary with arguments, input and environment; returns status, stdout and stderr.
    static func run(_ name: String, _ arguments: [String], input: String = "", environment: [String: String] = [:])
        throws -> (status: Int32, output: Data, error: String)
    {
        let process = Process()
        process.executableURL = try binary(name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = try stdout.fileHandleForReading.readToEnd() ?? Data()
        let error = try stderr.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return (process.terminationStatus, output, String(decoding: error, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soupertask-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func printManifestDescribesSouperTask() throws {
        let result = try Self.run("soupertask", ["--print-manifest"])
        #expect(result.status == 0, "stderr: \(result.error)")
        let manifest = try JSONDecoder().decode(AppManifest.self, from: result.output)
        #expect(manifest.bundleIdentifier == "com.example.SouperTask")
        #expect(manifest.executable == (try Self.binary("soupertask")).path)
        #expect(manifest.extensionArguments == ["--serve-intents"])
        #expect(
            manifest.actions.map(\.identifier) == [
                "com.example.SouperTask.CreateTaskIntent", "com.example.SouperTask.FindTasksIntent",
                "com.example.SouperTask.DeleteTaskIntent", "com.example.SouperTask.EditTaskIntent",
                "com.example.SouperTask.OpenTaskIntent",
            ])
        let create = manifest.actions[0]
        #expect(create.inputParameter == "title")
        #expect(create.parameters.map { "\($0.key):\($0.type.rawValue):\($0.isRequired)" } == ["title:text:true", "dueDate:date:true"])
        #expect(create.outputType == "TaskEntity" && create.outputIsList == nil)
        #expect(manifest.actions[1].outputType == "TaskEntity" && manifest.actions[1].outputIsList == true)
        #expect(manifest.entities.first?.properties.map(\.name) == ["title", "dueDate", "url"])
        #expect(manifest.appShortcuts.first?.phrases.first == "Create a task in ${applicationName}")
    }

    @Test func aNormalRunWritesTheManifestThenRunsTheApp() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["SHORTCUTS_HOME": directory.path + "/home", "SOUPERTASK_DATA": directory.path + "/data"]
        let added = try Self.run("soupertask", ["add", "Water plants", "--due", "2099-01-01T09:00:00Z"], environment: environment)
        #expect(added.status == 0, "stderr: \(added.error)")
        let manifestURL = URL(fileURLWithPath: directory.path + "/home/Apps/com.example.SouperTask.json")
        let manifest = try JSONDecoder().decode(AppManifest.self, from: Data(contentsOf: manifestURL))
        #expect(manifest.name == "SouperTask")
        let listed = try Self.run("soupertask", ["list"], environment: environment)
        #expect(String(decoding: listed.output, as: UTF8.self).contains("2099-01-01T09:00:00Z  Water plants"))
    }

    @Test func servingCreatesTasksAndRefusesPastDueDates() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func perform(_ id: Int, _ parameters: [String: Content]) throws -> String {
            let request = JSONRPC.Request(
                id: .number(id), method: ExtensionProtocol.Method.perform,
                params: ExtensionProtocol.PerformParams(intent: "CreateTaskIntent", parameters: parameters, isInteractive: false))
            return String(decoding: try JSONRPC.encode(request), as: UTF8.self)
        }
        let future = Date(timeIntervalSinceNow: 86_400), past = Date(timeIntervalSinceNow: -86_400)
        let input =
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}"#,
                try perform(2, ["title": .text("Call mom"), "dueDate": .date(future)]),
                try perform(3, ["title": .text("Too late"), "dueDate": .date(past)]),
                try perform(4, ["title": .text("No date")]),
            ].joined(separator: "\n") + "\n"
        let result = try Self.run("soupertask", ["--serve-intents"], input: input, environment: ["SOUPERTASK_DATA": directory.path])
        #expect(result.status == 0, "stderr: \(result.error)")
        let lines = result.output.split(separator: 0x0A).map { Data($0) }
        #expect(lines.count == 4)
        let results = try lines.dropFirst().map {
            try JSONRPC.decode(JSONRPC.Response<ExtensionProtocol.PerformResult>.self, from: $0).result
        }
        #expect(results[0].outcome == .success && results[0].dialog == "Created “Call mom”.")
        guard case .entity(let task)? = results[0].value else { Issue.record("expected a task"); return }
        #expect(task.properties["url"] == .url(URL(string: "soupertask://task/\(task.identifier)")!))
        #expect(results[1].outcome == .failure && results[1].message == "Due date must be in the future.")
        #expect(results[2].outcome == .needsValue && results[2].parameter == "dueDate" && results[2].dialog == "What’s the due date?")
        let stored = try Self.run("soupertask", ["list"], environment: ["SOUPERTASK_DATA": directory.path])
        let listed = String(decoding: stored.output, as: UTF8.self)
        #expect(listed.hasSuffix("  Call mom\n") && !listed.contains("Too late"), "\(listed)")
    }

    @Test func askMeAnythingAnswersThroughItsIntent() throws {
        let request =
            #"{"jsonrpc":"2.0","id":1,"method":"intent.perform","params":{"intent":"AskQuestionIntent","parameters":{"question":{"type":"text","text":"What is Swift?"}},"confirmed":false,"confirmedParameters":[],"isInteractive":false}}"#
        let result = try Self.run("askmeanything", ["--serve-intents"], input: request + "\n")
        let response = try JSONRPC.decode(JSONRPC.Response<ExtensionProtocol.PerformResult>.self, from: result.output.prefix { $0 != 0x0A })
        #expect(response.result.value == .text("Swift is a general-purpose programming language."))
        let manifest = try JSONDecoder().decode(AppManifest.self, from: try Self.run("askmeanything", ["--print-manifest"]).output)
        #expect(manifest.actions.first?.parameters.first?.requestValueDialog == "What would you like to ask?")
        #expect(manifest.appShortcuts.first?.phrases == ["Ask ${applicationName} a question", "Ask ${applicationName}"])
    }
}
