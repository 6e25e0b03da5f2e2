import Foundation
import ShortcutsContent

/// The details every file has (name, extension, size, path, dates, parent folder), which Get
/// Details of Files, Filter Files and the image and song details offer.
package enum FileDetails {
    /// The properties Get Details of Files offers.
    package enum Property: String, ParameterOption {
        case name = "Name", fileExtension = "File Extension", fileSize = "File Size", filePath = "File Path"
        case creationDate = "Creation Date", lastModifiedDate = "Last Modified Date", parentDirectory = "Parent Directory"
    }

    /// A file detail by name (any case), or nothing when `name` is not one.
    package static func detail(named name: String, of item: Content) -> Content {
        Property(named: name).map { value(of: $0, for: item) } ?? .nothing
    }

    /// A property of one item, including Parent Directory, which ``Content/property(_:)`` lacks.
    package static func value(of property: Property, for item: Content) -> Content {
        guard property == .parentDirectory else { return item.property(property.rawValue) }
        guard case .file(let file) = item, let path = file.path else { return .nothing }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return .file(
            FileContent(
                name: URL(fileURLWithPath: parent).lastPathComponent, data: Data(), path: parent,
                typeIdentifier: LocalFiles.folderType))
    }
}
