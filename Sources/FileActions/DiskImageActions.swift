import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Make Disk Image as Linux has disk images: an ISO 9660 image (with Joliet and Rock Ridge
/// names, so long and Unicode names survive) written by libarchive, which file managers mount
/// and `udisksctl loop-setup` attaches. macOS's `.dmg` has no writer outside macOS, so encrypted
/// images, which only `.dmg` has, are refused; an ISO is always the size of what it holds.
enum DiskImageActions {
    static let all: [ActionDefinition] = [makeDiskImage]

    /// The most files one image takes, as for archives.
    static let entryLimit = ArchiveActions.entryLimit

    /// A volume name as ISO 9660 allows it: up to 32 of A–Z, 0–9 and `_`.
    static func volumeIdentifier(_ name: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        let mapped = name.uppercased().map { allowed.contains($0) ? $0 : "_" }
        let identifier = String(String(mapped).prefix(32))
        return identifier.allSatisfy { $0 == "_" } ? "DISK_IMAGE" : identifier
    }

    /// The files to put in the image, by the path each has inside it: files as they are, a
    /// folder with everything under it (behind the run's file access), in a stable order.
    static func entries(_ input: Content, run: RunContext) throws -> [(name: String, file: FileContent)] {
        var found: [(String, FileContent)] = []
        var used: Set<String> = []
        for item in try run.convert(input, to: .file, parameter: "WFInput").items {
            guard case .file(let file) = item else { continue }
            guard file.typeIdentifier == LocalFiles.folderType, let root = file.path else {
                found.append((ArchiveActions.uniqueName(file.name.isEmpty ? "File" : file.name, among: &used), file))
                continue
            }
            try LocalFiles.check(root, .read, run: run, parameter: "WFInput")
            let top = ArchiveActions.uniqueName((root as NSString).lastPathComponent, among: &used)
            let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
            for relative in paths {
                try run.checkCancelled()
                let path = root + "/" + relative
                guard LocalFiles.exists(path) == (true, false) else { continue }
                guard found.count < entryLimit else {
                    throw ActionFailure("a disk image holds at most \(entryLimit) files; \(root) has more", parameter: "WFInput")
                }
                found.append((top + "/" + relative, try LocalFiles.item(at: path, run: run, parameter: "WFInput")))
            }
        }
        guard found.count <= entryLimit else {
            throw ActionFailure("a disk image holds at most \(entryLimit) files, not \(found.count)", parameter: "WFInput")
        }
        return found
    }

    static let makeDiskImage = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makediskimage", title: "Make Disk Image",
            description:
                "Makes an ISO disk image holding the files and folders given, named after its volume; encrypted images (macOS's .dmg) aren't made here.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "VolumeName", title: "Volume Name", type: .text),
                ParameterMetadata(key: "EncryptImage", title: "Encrypt", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "SizeToFit", title: "Size to Fit Contents", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "ImageSize", title: "Image Size", type: .text),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Disk Image", keywords: ["iso", "dmg", "volume", "image"])
    ) { parameters in
        let (nameExpression, encryptExpression) = (parameters["VolumeName"], parameters["EncryptImage"])
        return { input, run in
            if try run.bool(encryptExpression) == true {
                throw ActionFailure(
                    "an encrypted disk image is macOS's .dmg, which can't be made here; put the files in a password-protected archive instead",
                    parameter: "EncryptImage")
            }
            let files = try entries(input, run: run)
            guard !files.isEmpty else { throw ActionFailure("give the files to put in the disk image", parameter: "WFInput") }
            let given = (try run.text(nameExpression) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let name =
                given.isEmpty ? (files.count == 1 ? files[0].file.baseName : "Disk Image") : given.replacingOccurrences(of: "/", with: "-")
            let entries = files.map { name, file in
                ArchiveActions.Entry(
                    name: name, data: file.data,
                    modified: file.path.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
                        ?? Date())
            }
            let image = try ArchiveActions.written(
                entries, format: "iso", options: "iso9660:volume-id=\(volumeIdentifier(name)),iso9660:joliet=long", what: "the disk image",
                formatParameter: "VolumeName")
            return .file(FileContent(name: name + ".iso", data: image, typeIdentifier: "public.iso-image"))
        }
    }
}
