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
        let directory = FileManager.default.currentDirectoryPath
        for path in paths {
            if path == "-" {
                items.append(standardInputText())
                continue
            }
            for file in try expand(path) { items.append(.file(try read(file, in: directory))) }
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

    /// Reads one input file: one open, one fstat and its reads (a thousand inputs cost no more
    /// than their bytes).
    private static func read(_ path: String, in directory: String) throws -> FileContent {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw CommandFailure("Couldn't read the input file \"\(path)\": \(reason)")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("The input \"\(path)\" is a folder; give files with -i")
        }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw CommandFailure("Couldn't read the input file \"\(path)\": \(error.localizedDescription)")
        }
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
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
