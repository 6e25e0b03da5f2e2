import ActionSupport
import DesktopBus
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Disks through UDisks (`org.freedesktop.UDisks2` on the system bus, which needs no root for
/// the person at the machine): Eject Disk and Mount Disk Image.
enum DiskActions {
    static let all: [ActionDefinition] = [ejectDisk, mountImage]

    static let udisks = RequiredService(title: "UDisks", busName: "org.freedesktop.UDisks2", bus: "system", package: "udisks2")
    static let root = "/org/freedesktop/UDisks2"
    static let filesystem = "org.freedesktop.UDisks2.Filesystem"

    /// A `ay` mount point (NUL-terminated bytes) as a path.
    static func path(ofBytes value: DBusValue) -> String {
        String(decoding: value.elements.compactMap { $0.integer.map(UInt8.init(truncatingIfNeeded:)) }.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// UDisks's objects and their interfaces' properties.
    static func objects(_ client: ServiceClient) throws -> [(path: String, interfaces: DBusValue)] {
        try client.call(root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects").first?.elements.compactMap { entry in
            guard case .entry(let path, let interfaces) = entry, let text = path.text else { return nil }
            return (text, interfaces)
        } ?? []
    }

    static let ejectDisk = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.ejectdisk", title: "Eject Disk",
            description: "Unmounts the disk mounted at the folder given, then ejects or powers off its drive (UDisks).",
            parameters: [ParameterMetadata(key: "WFInput", title: "Disk", type: .file, isRequired: true)],
            inputParameter: "WFInput", isReadOnly: false, keywords: ["unmount", "usb", "drive", "volume"]
        ).needing(udisks)
    ) { _ in
        { input, run in
            let client = try ServiceClient(udisks, for: run)
            let objects = try objects(client)
            for item in input.items {
                guard let given = LocalFiles.path(of: item, run: run) ?? (item.text.isEmpty ? nil : item.text) else {
                    throw ActionFailure("expected a mounted disk's folder, got \(item.quotedForError)", parameter: "WFInput")
                }
                let wanted = FileAccess.resolvingLinks(given)
                guard
                    let (block, interfaces) = objects.first(where: { object in
                        object.interfaces[filesystem]?["MountPoints"]?.elements.contains { path(ofBytes: $0) == wanted } == true
                            || object.interfaces["org.freedesktop.UDisks2.Block"]?["IdLabel"]?.text == given
                    })
                else {
                    throw ActionFailure("no disk is mounted at \(given)", parameter: "WFInput")
                }
                if interfaces[filesystem]?["MountPoints"]?.elements.isEmpty == false {
                    _ = try client.call(block, filesystem, "Unmount", [.dictionary([])], timeout: .seconds(60))
                }
                if let drive = interfaces["org.freedesktop.UDisks2.Block"]?["Drive"]?.text, drive != "/",
                    let properties = objects.first(where: { $0.path == drive })?.interfaces["org.freedesktop.UDisks2.Drive"]
                {
                    if properties["Ejectable"]?.bool == true {
                        _ = try client.call(drive, "org.freedesktop.UDisks2.Drive", "Eject", [.dictionary([])], timeout: .seconds(60))
                    } else if properties["CanPowerOff"]?.bool == true {
                        _ = try client.call(drive, "org.freedesktop.UDisks2.Drive", "PowerOff", [.dictionary([])], timeout: .seconds(60))
                    }
                }
            }
            return .nothing
        }
    }

    static let mountImage = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.mountdiskimage", title: "Mount Disk Image",
            description: "Mounts a disk image (.iso, .img) read-only through a loop device (UDisks) and outputs the folder it appears at.",
            parameters: [ParameterMetadata(key: "WFInput", title: "File", type: .file, isRequired: true)],
            inputParameter: "WFInput", outputType: "Folder", outputName: "Disk", isReadOnly: false, keywords: ["iso", "img", "loop", "dmg"]
        ).needing(udisks)
    ) { _ in
        { input, run in
            let client = try ServiceClient(udisks, for: run)
            var mounted: [Content] = []
            for item in input.items {
                guard let path = LocalFiles.path(of: item, run: run), LocalFiles.exists(path) == (true, false) else {
                    throw ActionFailure("expected a disk image file, got \(item.quotedForError)", parameter: "WFInput")
                }
                try LocalFiles.check(path, .read, run: run, parameter: "WFInput")
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw ActionFailure("can't open \(path): \(String(cString: strerror(errno)))", parameter: "WFInput")
                }
                defer { close(descriptor) }
                let loop =
                    try client.call(
                        root + "/Manager", "org.freedesktop.UDisks2.Manager", "LoopSetup",
                        [.unixFD(descriptor), .dictionary([("read-only", .bool(true))])], timeout: .seconds(60)
                    ).first?.text ?? ""
                let place = try client.call(loop, filesystem, "Mount", [.dictionary([])], timeout: .seconds(60)).first?.text ?? ""
                guard !place.isEmpty else { throw ActionFailure("UDisks mounted \(path) nowhere", parameter: "WFInput") }
                // The person asked for this disk: the run may read it.
                run.environment.fileAccess.allowPicked(path: place)
                mounted.append(.file(try LocalFiles.item(at: place, run: run, parameter: "WFInput")))
            }
            return Content(items: mounted)
        }
    }
}
