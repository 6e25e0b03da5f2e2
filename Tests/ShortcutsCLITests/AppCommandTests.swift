import Foundation
import ShortcutsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `shortcuts app` where no browser opens: the address is printed, and why no browser opened.
struct AppCommandTests {
    @Test(arguments: [
        (3, "xdg-open found no browser (exit status 3)"),
        (4, "xdg-open exited with status 4, and there is no desktop session (DISPLAY and WAYLAND_DISPLAY are unset)"),
    ])
    func withNoBrowserTheAddressIsPrintedWithWhy(_ status: Int, _ why: String) throws {
        let home = try TemporaryHome(prefix: "shortcuts-app")
        // An xdg-open that fails as Debian's does on a machine with no browser.
        let fake = home.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        let opener = try home.write(Data("#!/bin/sh\nexit \(status)\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        let errors = home.directory.appendingPathComponent("errors.txt").path
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "shortcuts"))
        process.arguments = ["app"]
        var environment = home.environment
        environment["PATH"] = fake.path + ":/usr/bin:/bin"
        for name in ["SHORTCUTS_APP_PORT", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        defer {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            try? output.fileHandleForReading.close()
        }
        var line = Data()
        while !line.contains(0x0A), let chunk = try output.fileHandleForReading.read(upToCount: 1), !chunk.isEmpty { line.append(chunk) }
        let address = String(decoding: line, as: UTF8.self)
        #expect(address.hasPrefix("http://127.0.0.1:") && address.contains("?secret="), "\(address)")

        let expected = "Couldn't open a browser: \(why). Open the address above in your browser.\n"
        let deadline = Date().addingTimeInterval(20)
        var said = ""
        while Date() < deadline {
            said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            if said.contains(expected) { break }
            usleep(20_000)
        }
        #expect(said.contains(expected), "\(said)")
    }
}
