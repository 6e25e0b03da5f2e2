import Foundation
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A home for the app's browser tests: a library of small shortcuts made from text, the largest
/// corpus shortcut and a generated one of 1,500 actions, and `shortcuts app` running over it.
final class AppWorld: @unchecked Sendable {
    struct Missing: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let temporary: TemporaryHome
    var home: String { temporary.home }
    var runtime: String { temporary.directory.path + "/run" }
    /// Where the browser session's screenshots stay after the test: .build/app-screenshots.
    var screenshots: String { BuiltProducts.packageRoot.path + "/.build/app-screenshots" }
    /// The file another editor writes over Clash while the app has it open.
    var clashReplacement: String { temporary.directory.path + "/clash-on-disk.shortcut" }
    /// Where the browser saves the shortcut it exports.
    var exportPath: String { temporary.directory.path + "/exported.shortcut" }
    /// How many actions the largest corpus shortcut has.
    let bigCount = 913
    /// Where the browser session serves iCloud's records (SHORTCUTS_ICLOUD_URL).
    let icloudPort = AppWorld.freePort()
    /// SHORTCUTS_APP_PORT.
    let appPort = AppWorld.freePort()

    static let texts = [
        ("Order", "Text \"A\"\nText \"B\"\nText \"C\"\n"),
        ("Steps", "Text \"one\"\nWait 0.6\nText \"two\"\nWait 0.6\nText \"three\"\n"),
        ("Greeter", "name = AskForInput \"Your name?\"\nText \"Hello, \\(name)\"\n"),
        ("Long Wait", "Wait 60\n"),
        // An 8×8 PNG, decoded from text and named as an image.
        (
            "Picture",
            "Text \"iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGP47+CAFTEMLQkAmbNfwaFk8aAAAAAASUVORK5CYII=\"\nBase64Encode mode: \"Decode\"\nSetName name: \"dot.png\"\n"
        ),
        ("Colour", "Menu \"Pick a colour\" {\nCase \"Red\"\n    Text \"#FF0000\"\nCase \"Blue\"\n    Text \"#0000FF\"\n}\n"),
        ("Clash", "Text \"before\"\n"),
        ("Script", "Text \"before\"\nRunShellScript script: \"echo hi\", shell: \"/bin/sh\"\n"),
    ]

    init() throws {
        temporary = try TemporaryHome(prefix: "app")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        temporary.extraEnvironment = [
            "XDG_RUNTIME_DIR": runtime, "SHORTCUTS_SERVICE_NO_DBUS": "1",
            "SHORTCUTS_SERVICE_EXECUTABLE": try BuiltProducts.path(of: "shortcutsd"),
            "SHORTCUTS_ICLOUD_URL": "http://127.0.0.1:\(icloudPort)", "SHORTCUTS_APP_PORT": String(appPort),
        ]
        try check(temporary.run("shortcuts", ["import", BuiltProducts.packageRoot.path + "/Examples/Hello.shortcut"]))
        for (name, text) in Self.texts {
            let source = try temporary.write(Data(text.utf8), to: "\(name).sct")
            try check(temporary.run("shortcuts", ["import", source, "--name", name]))
        }
        try check(temporary.run("shortcuts", ["compile", temporary.directory.path + "/Steps.sct", "-o", clashReplacement]))
        try check(temporary.run("shortcuts", ["import", try generated(), "--name", "Generated"]))
        let big = SharedCorpus.root.path + "/signed/01-libshortcutsign-contact-test.shortcut"
        guard FileManager.default.fileExists(atPath: big) else { throw Missing("the shared corpus is missing \(big)") }
        try check(temporary.run("shortcuts", ["import", big, "--name", "Big", "--allow-unverified", "--no-interaction"]))
    }

    /// A shortcut of 1,500 actions: texts and numbers in nested Ifs and Repeats, as long shortcuts are.
    private func generated() throws -> String {
        var text = ""
        var count = 0
        while count < 1500 {
            let room = 1500 - count
            if room >= 8 {
                text +=
                    "If ShortcutInput, is: hasAnyValue {\n    Text \"item \(count)\"\n    Repeat 2 {\n        Number \(count)\n    }\n} Otherwise {\n    Text \"none\"\n}\n"
                count += 8
            } else {
                text += "Text \"tail \(count)\"\n"
                count += 1
            }
        }
        return try temporary.write(Data(text.utf8), to: "Generated.sct")
    }

    /// A port nothing listens on now (the kernel picks it).
    static func freePort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func check(_ output: ProcessOutput, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(output.status == 0, "setting up failed: \(output.error)", sourceLocation: sourceLocation)
    }

    /// A copy of Examples/Hello.shortcut named for the Import… button.
    func pickedFile() throws -> String {
        let hello = try Data(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("Examples/Hello.shortcut"))
        return try temporary.write(hello, to: "picked/Picked File.shortcut")
    }

    /// `shortcuts app --no-browser`, and the address it printed first.
    struct RunningApp {
        var process: Process
        var address: String
    }

    func startApp() throws -> RunningApp {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts"))
        process.arguments = ["app", "--no-browser"]
        process.environment = temporary.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        var line = Data()
        while !line.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty { line.append(chunk) }
        let address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(address.hasPrefix("http://127.0.0.1:") && address.contains("?secret="), "the first line was \"\(address)\"")
        return RunningApp(process: process, address: address)
    }

    /// Ctrl-C to `shortcuts app`: its exit status, and whether the service it started is gone.
    func interrupt(_ app: RunningApp) -> (Int32, Bool) {
        kill(app.process.processIdentifier, SIGINT)
        app.process.waitUntilExit()
        let status = try? temporary.run("shortcuts", ["service", "status"])
        return (app.process.terminationStatus, status?.status == 1)
    }
}
