import Foundation
import Testing

/// The executables `swift build` put next to the test bundle (`.build/<config>/<name>`).
public enum BuiltProducts {
    /// Why a product could not be found.
    public struct NotFound: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "\(name) was not found next to the test bundle; build it with `swift build` first" }
    }

    /// The path of a built executable; records a test failure (and throws) when it is missing.
    public static func path(of name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let bundled = Bundle.main.bundleURL.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: bundled) { return bundled }
        let error = NotFound(name: name)
        Issue.record("\(error) (\(CommandLine.arguments[0]))")
        throw error
    }

    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Python with the real third-party clients the tests use (`mcp`, `pyliblzfse`), from
    /// Scripts/test-python-env.sh, which makes its virtual environment the first time (a minute:
    /// pyliblzfse compiles C), waited for off the task threads and only once per test process.
    public static func testPython() async throws -> String { try await preparedPython.value }

    private static let preparedPython = Task<String, any Error> {
        try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [packageRoot.path + "/Scripts/test-python-env.sh"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw TestPythonUnavailable() }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    struct TestPythonUnavailable: Error, CustomStringConvertible {
        var description: String { "Scripts/test-python-env.sh failed (is PyPI reachable?)" }
    }
}
