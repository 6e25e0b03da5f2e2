import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

#if canImport(Glibc)
    import Glibc
#endif

/// File, Move File, Get Parent Directory, Format File Size and Label Files.
extension FileActions {
    static let itemActions: [ActionDefinition] = [file, moveFile, parentDirectory, formatFileSize, labelFiles]

    static let file = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file", title: "File",
            description: "Outputs a file or folder the shortcut names: a path, or a place picked in the editor.",
            parameters: [ParameterMetadata(key: "WFFile", title: "File", type: .file, isRequired: true)],
            outputType: "File", outputName: "File", keywords: ["path", "folder"])
    ) { parameters in
        let fileExpression = parameters["WFFile"]
        return { _, run in
            let value = try run.content(fileExpression)
            guard let path = LocalFiles.path(of: value, run: run) else {
                throw ActionFailure("no file is given", parameter: "WFFile")
            }
            try LocalFiles.check(path, .read, run: run, parameter: "WFFile")
            return .file(try LocalFiles.item(at: path, parameter: "WFFile"))
        }
    }

    static let moveFile = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.move", title: "Move File",
            description:
                "Moves files or folders into a folder (or to a path). An item already there is replaced only when Replace Existing Files is on; it goes to the trash.",
            parameters: [
                ParameterMetadata(key: "WFFile", title: "File", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFFolder", title: "Destination", type: .file, isRequired: true),
                ParameterMetadata(key: "WFReplaceExisting", title: "Replace Existing Files", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFFile", outputType: "File", outputName: "Moved File", isReadOnly: false, keywords: ["mv", "relocate"])
    ) { parameters in
        let destination = parameters["WFFolder"]
        let replace = parameters["WFReplaceExisting"]
        return { input, run in
            guard let target = LocalFiles.path(of: try run.content(destination), run: run) else {
                throw ActionFailure("no destination is given", parameter: "WFFolder")
            }
            let mayReplace = try run.bool(replace) ?? false
            let items = input.items
            guard !items.isEmpty else { throw ActionFailure("there is nothing to move", parameter: "WFFile") }
            let intoFolder = LocalFiles.exists(target).isFolder || items.count > 1
            var moved: [Content] = []
            for item in items {
                guard let source = LocalFiles.path(of: item, run: run), LocalFiles.exists(source).exists else {
                    throw ActionFailure("expected a file on disk, got \(item.quotedForError)", parameter: "WFFile")
                }
                let path = intoFolder ? target + "/" + URL(fileURLWithPath: source).lastPathComponent : target
                guard path != source else {
                    moved.append(.file(try LocalFiles.item(at: path, parameter: "WFFile")))
                    continue
                }
                try LocalFiles.check(source, .write, doing: "move", run: run, parameter: "WFFile")
                try LocalFiles.check(path, .write, doing: "move a file to", run: run, parameter: "WFFolder")
                if LocalFiles.exists(path).exists {
                    guard mayReplace else {
                        throw ActionFailure(
                            "\(path) already exists; Move File replaces it only when WFReplaceExisting (Replace Existing Files) is on",
                            parameter: "WFReplaceExisting")
                    }
                    _ = try LocalFiles.moveToTrash(path, run: run)
                }
                try LocalFiles.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path, run: run, parameter: "WFFolder")
                do {
                    try FileManager.default.moveItem(atPath: source, toPath: path)
                } catch {
                    throw ActionFailure("can't move \(source): \(LocalFiles.describe(error))", parameter: "WFFile", underlying: error)
                }
                run.environment.fileAccess.allowRenamed(source, to: path)
                moved.append(.file(try LocalFiles.item(at: path, parameter: "WFFile")))
            }
            return Content(items: moved)
        }
    }

    static let parentDirectory = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getparentdirectory", title: "Get Parent Directory",
            description: "Outputs the folder each input file or folder is in.",
            parameters: [ParameterMetadata(key: "WFInput", title: "File", type: .file, isRequired: true)],
            inputParameter: "WFInput", outputType: "Folder", outputName: "Parent Directory", keywords: ["folder", "dirname"])
    ) { _ in
        { input, run in
            var parents: [Content] = []
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run) else {
                    throw ActionFailure("expected a file on disk, got \(item.quotedForError)", parameter: "WFInput")
                }
                let parent = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
                parents.append(
                    .file(
                        FileContent(
                            name: URL(fileURLWithPath: parent).lastPathComponent, data: Data(), path: parent,
                            typeIdentifier: LocalFiles.folderType)))
            }
            return Content(items: parents)
        }
    }

    /// `WFFileSizeFormat`.
    enum SizeUnit: String, ParameterOption {
        case closest = "Closest Unit", bytes = "Bytes", kilobytes = "Kilobytes", megabytes = "Megabytes"
        case gigabytes = "Gigabytes", terabytes = "Terabytes", petabytes = "Petabytes", exabytes = "Exabytes"
        case zettabytes = "Zettabytes", yottabytes = "Yottabytes"

        static let aliases: [String: SizeUnit] = ["automatic": .closest]

        /// The power of 1000 the unit is.
        var power: Int { Self.allCases.firstIndex(of: self)! - 1 }
    }

    static let formatFileSize = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.format.filesize", title: "Format File Size",
            description:
                "Formats a size in bytes (or a file's size) as text, in the closest unit (1.2 MB) or a chosen one, counting 1000 bytes to a kilobyte as Apple does.",
            parameters: [
                ParameterMetadata(key: "WFFileSize", title: "File Size", type: .number, isRequired: true),
                .option("WFFileSizeFormat", title: "Format", default: SizeUnit.closest),
                ParameterMetadata(key: "WFFileSizeIncludeUnits", title: "Include Units", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFFileSize", outputType: "Text", outputName: "Formatted File Size", keywords: ["bytes", "mb", "kb"])
    ) { parameters in
        let unit = OptionParameter(parameters, "WFFileSizeFormat", default: SizeUnit.closest)
        let units = parameters["WFFileSizeIncludeUnits"]
        return { input, run in
            let chosen = try unit.value(in: run)
            let includesUnits = chosen == .closest ? true : try run.bool(units) ?? true
            var texts: [Content] = []
            for item in input.items {
                let bytes: Double
                if case .file(let file) = item {
                    bytes = Double(file.path.flatMap { LocalFiles.size(at: $0) } ?? file.data.count)
                } else if let number = item.number {
                    bytes = number
                } else {
                    throw ActionFailure("expected a number of bytes or a file, got \(item.quotedForError)", parameter: "WFFileSize")
                }
                texts.append(.text(fileSize(bytes, unit: chosen, includesUnits: includesUnits)))
            }
            return Content(items: texts)
        }
    }

    /// `1.2 MB`, `12 KB`, `999 bytes`: whole kilobytes, one decimal for megabytes, two above
    /// (as Apple's file-size formatter), in the region's decimal separator.
    static func fileSize(_ bytes: Double, unit: SizeUnit, includesUnits: Bool) -> String {
        let names = ["bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"]
        var power = unit.power
        if unit == .closest {
            power = 0
            while power < names.count - 1, abs(bytes) >= pow(1000, Double(power + 1)) { power += 1 }
        }
        let value = bytes / pow(1000, Double(power))
        let places = power <= 1 ? 0 : (power == 2 ? 1 : 2)
        var number = NumberText.format(value, decimalPlaces: places, locale: DateContext.locale.numbers)
        if places > 0, unit == .closest {
            // Apple drops a trailing zero fraction: 2 MB, not 2.0 MB.
            let decimal = DateContext.locale.numbers.decimalSeparator ?? "."
            if let range = number.range(of: decimal), number[range.upperBound...].allSatisfy({ $0 == "0" }) {
                number = String(number[..<range.lowerBound])
            }
        }
        guard includesUnits else { return number }
        let name = power == 0 ? (value == 1 ? "byte" : "bytes") : names[power]
        return number + " " + name
    }

    /// Finder's label colours as `WFLabelColorNumber` numbers them.
    static let labelColors = ["", "Gray", "Green", "Purple", "Blue", "Yellow", "Red", "Orange"]

    static let labelFiles = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.file.label", title: "Label Files",
            description:
                "Gives files a colour label as a tag the desktop's file managers read (the user.xdg.tags extended attribute). None takes the colour label off; other tags stay.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFLabelColorNumber", title: "Color", type: .enumeration, options: ["None"] + labelColors.dropFirst(),
                    defaultValue: "None"),
            ],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["tag", "colour", "finder"]),
        passesInputThrough: true
    ) { parameters in
        let colorExpression = parameters["WFLabelColorNumber"]
        return { input, run in
            let value = try run.content(colorExpression)
            let color: String
            if let number = value.number, let index = Int(exactly: number), labelColors.indices.contains(index) {
                color = labelColors[index]
            } else if let named = labelColors.first(where: { $0.caseInsensitiveCompare(value.text) == .orderedSame }) {
                color = named
            } else if value.isNothing || value.text.caseInsensitiveCompare("None") == .orderedSame {
                color = ""
            } else {
                throw ActionFailure(
                    "\(value.quotedForError) is not a label colour; it takes None, \(labelColors.dropFirst().joined(separator: ", ")) or 0 to 7",
                    parameter: "WFLabelColorNumber")
            }
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path).exists else {
                    throw ActionFailure("expected a file on disk, got \(item.quotedForError)", parameter: "WFInput")
                }
                try LocalFiles.check(path, .write, doing: "label", run: run, parameter: "WFInput")
                var tags = FileTags.read(path).filter { tag in !labelColors.contains { !$0.isEmpty && $0 == tag } }
                if !color.isEmpty { tags.append(color) }
                try FileTags.write(tags, to: path, parameter: "WFInput")
            }
            return input
        }
    }
}

/// A file's freedesktop tags: the comma-separated `user.xdg.tags` extended attribute that
/// Nautilus, Dolphin and `tracker` read.
enum FileTags {
    static let attribute = "user.xdg.tags"

    // Swift's Glibc module leaves out <sys/xattr.h>; the C library has the calls, found by name.
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias Remove = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    static func read(_ path: String) -> [String] {
        guard let get = function("getxattr", as: Get.self) else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { get(path, attribute, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return String(decoding: buffer[..<count], as: UTF8.self).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    static func write(_ tags: [String], to path: String, parameter: String) throws {
        guard let set = function("setxattr", as: Set.self), let remove = function("removexattr", as: Remove.self) else {
            throw ActionFailure("can't label \(path): the C library has no extended attributes", parameter: parameter)
        }
        let result: Int32
        if tags.isEmpty {
            result = remove(path, attribute)
            if result != 0, errno == ENODATA { return }
        } else {
            let bytes = Array(tags.joined(separator: ",").utf8)
            result = bytes.withUnsafeBytes { set(path, attribute, $0.baseAddress, $0.count, 0) }
        }
        guard result == 0 else {
            let reason = errno == ENOTSUP ? "this file system doesn't keep extended attributes" : String(cString: strerror(errno))
            throw ActionFailure("can't label \(path): \(reason)", parameter: parameter)
        }
    }
}
