import Foundation
import ShortcutsContent

#if canImport(Glibc)
    import Glibc
#endif

/// The input of `shortcuts run`: files from `--input-path`, or text piped to standard input.
enum RunInput {
    /// Builds the shortcut's input.
    ///
    /// Each `-i` path becomes a file (name, bytes, type); `-` reads standard input as text.
    /// Without `-i`, text piped to standard input (not a terminal) is the input. One trailing
    /// newline is dropped from piped text, so `echo World | shortcuts run Hello` gets `World`.
    static func content(paths: [String], standardInputIsTerminal: Bool) throws -> Content {
        if paths.isEmpty {
            guard !standardInputIsTerminal else { return .nothing }
            return standardInputText()
        }
        var items: [Content] = []
        for path in paths {
            if path == "-" {
                items.append(standardInputText())
                continue
            }
            for file in try expand(path) { items.append(.file(try read(file))) }
        }
        return Content(items: items.filter { !$0.isNothing })
    }

    private static func standardInputText() -> Content {
        let data = Console.readStandardInput()
        guard !data.isEmpty else { return .nothing }
        guard var text = String(data: data, encoding: .utf8) else {
            return .file(FileContent(name: "Input", data: data, typeIdentifier: "public.data"))
        }
        if text.hasSuffix("\r\n") { text.removeLast(2) } else if text.hasSuffix("\n") { text.removeLast() }
        return .text(text)
    }

    private static func read(_ path: String) throws -> FileContent {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("Couldn't read the input file \"\(path)\": no such file")
        }
        if isDirectory.boolValue { throw CommandFailure("The input \"\(path)\" is a folder; give files with -i") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("Couldn't read the input file \"\(path)\": permission denied")
        }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return FileContent(name: (path as NSString).lastPathComponent, data: data, path: absolute)
    }

    /// A path with `*`, `?` or `[` that names no file is a pattern, as macOS's `-i` accepts.
    private static func expand(_ path: String) throws -> [String] {
        guard path.contains(where: { "*?[".contains($0) }), !FileManager.default.fileExists(atPath: path) else {
            return [path]
        }
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(path, 0, nil, &result) == 0 else {
            throw CommandFailure("No input file matches \"\(path)\"")
        }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
    }
}
