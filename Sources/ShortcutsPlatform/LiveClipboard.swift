import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The desktop clipboard through command-line tools: `wl-copy`/`wl-paste` under Wayland,
/// `xclip` or `xsel` under X11. With no desktop session at all (a server, a container), a
/// private clipboard file in `$XDG_RUNTIME_DIR/shortcuts` (readable by this user only), so
/// headless shortcuts that copy and paste still work; the first use says so on standard error.
///
/// Which tool is used is decided on each call from `WAYLAND_DISPLAY`, `DISPLAY` and `PATH`, so a
/// session that starts later is picked up.
public struct LiveClipboard: Clipboard {
    /// The programs that read and write the clipboard.
    package struct Tool {
        package var read: (String, [String])
        package var write: (String, [String])
    }

    package let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The tool to use, or an error saying what to install.
    package func tool() throws -> Tool {
        let path = environment["PATH"]
        let hasWayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let hasX11 = !(environment["DISPLAY"] ?? "").isEmpty
        if hasWayland, let paste = ProcessRunner.find("wl-paste", path: path), let copy = ProcessRunner.find("wl-copy", path: path) {
            return Tool(read: (paste, ["--no-newline"]), write: (copy, []))
        }
        if hasX11, let xclip = ProcessRunner.find("xclip", path: path) {
            return Tool(read: (xclip, ["-selection", "clipboard", "-o"]), write: (xclip, ["-selection", "clipboard", "-i"]))
        }
        if hasX11, let xsel = ProcessRunner.find("xsel", path: path) {
            return Tool(read: (xsel, ["--clipboard", "--output"]), write: (xsel, ["--clipboard", "--input"]))
        }
        let session = hasWayland ? "" : hasX11 ? "" : " (and no WAYLAND_DISPLAY or DISPLAY is set)"
        throw ActionFailure("no clipboard tool found: install wl-clipboard or xclip\(session)")
    }

    /// The private clipboard's file, when there is no desktop session to hold a clipboard.
    package var privateFile: String? {
        let hasSession = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || !(environment["DISPLAY"] ?? "").isEmpty
        guard !hasSession, let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/shortcuts/clipboard"
    }

    /// Says once per login session that the clipboard is the private one.
    package func noticeOnce(_ file: String) {
        let marker = file + ".noticed"
        guard !FileManager.default.fileExists(atPath: marker) else { return }
        try? FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(atPath: marker, contents: nil, attributes: [.posixPermissions: 0o600])
        LiveSystem.writeToStandardError(
            "Note: there is no desktop session, so Shortcuts keeps its own clipboard in \(file) (only you can read it).")
    }

    public func read() throws -> Content {
        if (try? tool()) == nil, let file = privateFile {
            noticeOnce(file)
            guard let data = FileManager.default.contents(atPath: file) else { return .nothing }
            if let name = try? String(contentsOfFile: file + ".name", encoding: .utf8), !name.isEmpty {
                return .file(FileContent(name: name, data: data))
            }
            return .text(String(decoding: data, as: UTF8.self))
        }
        let tool = try tool()
        let outcome = try ProcessRunner.run(tool.read.0, arguments: tool.read.1, environment: environment, timeout: 10)
        guard outcome.status == 0 else {
            let reason = outcome.errorText.isEmpty ? "status \(outcome.status)" : outcome.errorText
            throw ActionFailure("can't read the clipboard (it may be empty): \(reason)")
        }
        return .text(String(decoding: outcome.standardOutput, as: UTF8.self))
    }

    public func write(_ content: Content) throws {
        var binaryName: String?
        let data: Data
        if case .file(let file) = content, !(file.typeIdentifier.map(UniformType.isText) ?? false) {
            data = file.data
            binaryName = file.name
        } else {
            data = Data(content.text.utf8)
        }
        if (try? tool()) == nil, let file = privateFile {
            noticeOnce(file)
            try writePrivate(data, name: binaryName, to: file)
            return
        }
        let tool = try tool()
        // The copy tools keep serving the selection in the background; don't wait for that part.
        let outcome = try ProcessRunner.run(
            tool.write.0, arguments: tool.write.1, input: data, environment: environment, timeout: 10, capturesOutput: false)
        guard outcome.status == 0 || outcome.wasSignalled else {
            throw ActionFailure(
                "can't write the clipboard: \((tool.write.0 as NSString).lastPathComponent) exited with status \(outcome.status)")
        }
    }

    /// Writes the private clipboard, readable by this user only, atomically.
    package func writePrivate(_ data: Data, name: String?, to file: String) throws {
        let folder = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let temporary = folder + "/.clipboard-\(UUID().uuidString)"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw ActionFailure("can't write the clipboard file in \(folder)")
            }
            guard rename(temporary, file) == 0 else {
                throw ActionFailure("can't write the clipboard file \(file): \(String(cString: strerror(errno)))")
            }
            if let name {
                try Data(name.utf8).write(to: URL(fileURLWithPath: file + ".name"), options: .atomic)
            } else {
                try? FileManager.default.removeItem(atPath: file + ".name")
            }
        } catch let failure as ActionFailure {
            throw failure
        } catch {
            throw ActionFailure("can't write the clipboard file \(file): \(error.localizedDescription)")
        }
    }
}
