import Foundation
import ShortcutsContent

/// A run's output as text, or written as files for callers that gave files.
enum RunFiles {
    /// The output as text: a text file's contents, otherwise the content's text.
    static func text(of output: Content) -> String {
        if case .file(let file) = output, let text = String(data: file.data, encoding: .utf8) { return text }
        return output.text
    }

    /// Writes each item of the output to a file in `directory` (a file keeps its name; text
    /// becomes `Output.txt`, `Output 2.txt`…) and returns the paths.
    static func write(_ output: Content, to directory: String) throws(ServiceError) -> [String] {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError(.actionFailed, "can't create the output folder \(directory): \(error.localizedDescription)")
        }
        var paths: [String] = []
        var used: Set<String> = []
        for (position, item) in output.items.enumerated() {
            let (name, data): (String, Data)
            if case .file(let file) = item {
                (name, data) = (safeName(file.name) ?? "Output \(position + 1)", file.data)
            } else {
                (name, data) = ("Output.txt", Data(item.text.utf8))
            }
            let unique = uniqueName(name, used: &used)
            let path = directory + "/" + unique
            guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw ServiceError(.actionFailed, "can't write the output file \(path)")
            }
            paths.append(path)
        }
        return paths
    }

    /// A file name a shortcut gave, as a safe base name inside the output folder: its last path
    /// component, without NUL or control characters; `nil` when nothing usable is left (empty,
    /// `.`, `..`).
    static func safeName(_ name: String) -> String? {
        let last = name.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && $0 != "\u{0}" })
            .trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned != ".", cleaned != ".." else { return nil }
        return String(cleaned.prefix(200))
    }

    /// `name`, or `name 2`, `name 3`… before the extension when it is taken.
    private static func uniqueName(_ name: String, used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        while used.contains(candidate) {
            let base = (name as NSString).deletingPathExtension
            let ext = (name as NSString).pathExtension
            candidate = "\(base) \(number)" + (ext.isEmpty ? "" : ".\(ext)")
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
