import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFArchiveFormat` of Make Archive, as Shortcuts writes it (with or without the dot).
enum ArchiveFormat: String, ParameterOption {
    case zip = ".zip", tarGzip = ".tar.gz", tarBzip2 = ".tar.bz2", tarXz = ".tar.xz", tar = ".tar", gzip = ".gz", cpio = ".cpio"
    case iso = ".iso"
    static let aliases: [String: ArchiveFormat] = [
        "zip": .zip, "tar.gz": .tarGzip, "tgz": .tarGzip, "tar.bz2": .tarBzip2, "tar.xz": .tarXz, "tar": .tar, "gz": .gzip,
        "gzip": .gzip, "cpio": .cpio, "iso": .iso,
    ]

    /// libarchive's name for it here.
    var writer: String { String(rawValue.dropFirst()) }
}

/// Archives through libarchive (loaded on first use, libarchive13): Make Archive and Extract
/// Archive.
enum ArchiveActions {
    static let all: [ActionDefinition] = [make, extract]

    /// The most files an archive may hold. How much its files may hold is the run's limits:
    /// one file up to `valueBytes`, all of them up to `runBytes`; an archive past any of them (a
    /// zip bomb) is refused while it is read, before it fills memory.
    static let entryLimit = 100_000

    static func load() throws(ActionFailure) {
        try LibraryLoading.load(sarc_load)
    }

    static let make = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makezip", title: "Make Archive",
            description:
                "Makes an archive of the input files: .zip (the default), .tar.gz, .tar.bz2, .tar.xz, .tar, .cpio, .iso, or .gz for one file.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFZIPName", title: "Archive Name", type: .text),
                .option("WFArchiveFormat", title: "Format", default: ArchiveFormat.zip),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Archive", keywords: ["zip", "tar", "compress"])
    ) { parameters in
        let (name, format) = (parameters["WFZIPName"], OptionParameter(parameters, "WFArchiveFormat", default: ArchiveFormat.zip))
        return { input, run in
            let format = try format.value(in: run)
            let files = try run.convert(input, to: .file, parameter: "WFInput").items.compactMap { item -> FileContent? in
                if case .file(let file) = item { return file }
                return nil
            }
            guard !files.isEmpty else { throw ActionFailure("give the files to put in the archive", parameter: "WFInput") }
            if let folder = files.first(where: { $0.typeIdentifier == LocalFiles.folderType }) {
                throw ActionFailure("\(folder.name) is a folder; give the files in it (Get Contents of Folder)", parameter: "WFInput")
            }
            guard format != .gzip || files.count == 1 else {
                throw ActionFailure(".gz holds one file, not \(files.count); choose .tar.gz for several", parameter: "WFArchiveFormat")
            }
            var used: Set<String> = []
            let entries = files.map { file in
                Entry(name: uniqueName(file.name.isEmpty ? "File" : file.name, among: &used), data: file.data, modified: Date())
            }
            let archive = try written(
                entries, format: format.writer, what: "a \(format.rawValue) archive", formatParameter: "WFArchiveFormat")
            let given = (try run.text(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            // One file's archive is named after it (notes.txt.gz, notes.zip), several "Archive".
            let single = format == .gzip ? files[0].name : files[0].baseName
            let base = given.isEmpty ? (files.count == 1 ? single : "Archive") : given.replacingOccurrences(of: "/", with: "-")
            let fileName = base + format.rawValue
            return .file(
                FileContent(
                    name: fileName, data: archive, typeIdentifier: UniformType.identifier(forFileName: fileName)))
        }
    }

    /// One file of an archive being made: its path inside, its bytes and when it last changed.
    struct Entry {
        var name: String
        var data: Data
        var modified: Date
    }

    /// The bytes of an archive of `format` (libarchive's name, with its writer `options`) holding
    /// the entries; a failure names `what` is being made, and the parameter at fault.
    static func written(
        _ entries: [Entry], format: String, options: String? = nil, what: String, formatParameter: String
    ) throws -> Data {
        try load()
        var writer: UnsafeMutableRawPointer?
        guard sarc_write_begin_with_options(format, options, &writer) == 0, let writer else {
            let reason = writer.map { String(cString: sarc_write_error($0)) } ?? "libarchive failed"
            writer.map(sarc_write_abandon)
            throw ActionFailure("can't make \(what): \(reason)", parameter: formatParameter)
        }
        for entry in entries {
            let written = entry.data.withUnsafeBytes {
                sarc_write_entry(writer, entry.name, $0.baseAddress, $0.count, Int64(entry.modified.timeIntervalSince1970))
            }
            guard written == 0 else {
                let reason = String(cString: sarc_write_error(writer))
                sarc_write_abandon(writer)
                throw ActionFailure("can't add \(entry.name) to \(what): \(reason)", parameter: "WFInput")
            }
        }
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        guard sarc_write_finish(writer, &bytes, &length) == 0, let bytes else {
            throw ActionFailure("can't finish \(what)", parameter: "WFInput")
        }
        defer { free(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// A name not used yet in the archive: "a.txt", then "a 2.txt".
    static func uniqueName(_ name: String, among used: inout Set<String>) -> String {
        var candidate = name
        var number = 2
        let dot = name.lastIndex(of: ".").map { name.distance(from: name.startIndex, to: $0) } ?? name.count
        while used.contains(candidate) {
            candidate = String(name.prefix(dot)) + " \(number)" + String(name.dropFirst(dot))
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    static let extract = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.unzip", title: "Extract Archive",
            description:
                "Extracts the files of an archive (zip, tar and its compressed forms, 7z, rar, cpio, iso, gz…); an archive that would expand past the run's limits (a file past limits.valueBytes, all past limits.runBytes) or 100,000 files is refused.",
            parameters: [ParameterMetadata(key: "WFArchive", title: "Archive", type: .file, isRequired: true)],
            inputParameter: "WFArchive", outputType: "File", outputName: "Files", keywords: ["unzip", "decompress", "untar"])
    ) { _ in
        { input, run in
            var extracted: [Content] = []
            for item in try run.convert(input, to: .file, parameter: "WFArchive").items {
                guard case .file(let archive) = item else { continue }
                extracted += try files(of: archive, limits: run.limits).map(Content.file)
            }
            return Content(items: extracted)
        }
    }

    /// The regular files of an archive, each named by the last part of its path.
    static func files(of archive: FileContent, limits: RunLimits) throws -> [FileContent] {
        try load()
        return try archive.data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> [FileContent] in
            var reader: UnsafeMutableRawPointer?
            defer { sarc_read_end(reader) }
            guard sarc_read_begin(raw.baseAddress, raw.count, &reader) == 0, let reader else {
                throw ActionFailure(
                    "\(archive.name) is not an archive this can read (\(reader.map { String(cString: sarc_read_error($0)) } ?? ""))",
                    parameter: "WFArchive")
            }
            var files: [FileContent] = []
            var total = 0
            var entries = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                var name: UnsafePointer<CChar>?
                var size: Int64 = 0
                var type: CChar = 0
                let next = sarc_read_next(reader, &name, &size, &type)
                if next == 0 { break }
                let path = name.map { String(cString: $0) } ?? "File"
                if next == -3 {
                    throw ActionFailure("\(archive.name) is not an archive (nor a compressed file)", parameter: "WFArchive")
                }
                if next == -2 {
                    throw ActionFailure(
                        "\(archive.name) is encrypted (\(path)); a password-protected archive can't be extracted", parameter: "WFArchive")
                }
                guard next > 0 else {
                    throw ActionFailure("\(archive.name) is damaged: \(String(cString: sarc_read_error(reader)))", parameter: "WFArchive")
                }
                entries += 1
                guard entries <= entryLimit else {
                    throw ActionFailure("\(archive.name) holds more than \(entryLimit) files; it is refused", parameter: "WFArchive")
                }
                guard type == CChar(UInt8(ascii: "f")) else { continue }
                var data = Data()
                while true {
                    let count = sarc_read_data(reader, &buffer, buffer.count)
                    if count == 0 { break }
                    guard count > 0 else {
                        throw ActionFailure(
                            "\(archive.name) is damaged at \(path): \(String(cString: sarc_read_error(reader)))", parameter: "WFArchive")
                    }
                    total += count
                    if limits.valueBytes > 0, data.count + count > limits.valueBytes {
                        throw ActionFailure(
                            "\(path) in \(archive.name) expands past \(limits.valueBytes) bytes, more than one value may hold (SHORTCUTS_MAX_VALUE_BYTES, or limits.valueBytes in settings); it is refused",
                            parameter: "WFArchive", code: .limitExceeded)
                    }
                    if limits.runBytes > 0, total > limits.runBytes {
                        throw ActionFailure(
                            "\(archive.name) expands past \(limits.runBytes) bytes, more than the run may hold (SHORTCUTS_MAX_RUN_BYTES, or limits.runBytes in settings); it is refused",
                            parameter: "WFArchive", code: .limitExceeded)
                    }
                    data.append(buffer, count: count)
                }
                // A lone compressed file has no name of its own: it takes the archive's.
                let lastPart =
                    path == "data" && !archive.name.lowercased().hasSuffix(".zip") ? archive.baseName : (path as NSString).lastPathComponent
                files.append(FileContent(name: lastPart, data: data, typeIdentifier: UniformType.identifier(forFileName: lastPart)))
            }
            return files
        }
    }
}
