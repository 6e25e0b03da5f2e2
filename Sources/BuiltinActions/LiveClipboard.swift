import Foundation
import ShortcutsContent
import ShortcutsEngine

/// The desktop clipboard through command-line tools: `wl-copy`/`wl-paste` under Wayland,
/// `xclip` or `xsel` under X11.
///
/// Which tool is used is decided on each call from `WAYLAND_DISPLAY`, `DISPLAY` and `PATH`, so a
/// session that starts later is picked up.
public struct LiveClipboard: Clipboard {
    /// The programs that read and write the clipboard.
    struct Tool {
        var read: (String, [String])
        var write: (String, [String])
    }

    let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The tool to use, or an error saying what to install.
    func tool() throws -> Tool {
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

    public func read() throws -> Content {
        let tool = try tool()
        let outcome = try ProcessRunner.run(tool.read.0, arguments: tool.read.1, environment: environment, timeout: 10)
        guard outcome.status == 0 else {
            let reason = outcome.errorText.isEmpty ? "status \(outcome.status)" : outcome.errorText
            throw ActionFailure("can't read the clipboard (it may be empty): \(reason)")
        }
        return .text(String(decoding: outcome.standardOutput, as: UTF8.self))
    }

    public func write(_ content: Content) throws {
        let tool = try tool()
        let data: Data
        if case .file(let file) = content, !(file.typeIdentifier.map(UniformType.isText) ?? false) {
            data = file.data
        } else {
            data = Data(content.text.utf8)
        }
        // The copy tools keep serving the selection in the background; don't wait for that part.
        let outcome = try ProcessRunner.run(
            tool.write.0, arguments: tool.write.1, input: data, environment: environment, timeout: 10, capturesOutput: false)
        guard outcome.status == 0 || outcome.wasSignalled else {
            throw ActionFailure(
                "can't write the clipboard: \((tool.write.0 as NSString).lastPathComponent) exited with status \(outcome.status)")
        }
    }
}
