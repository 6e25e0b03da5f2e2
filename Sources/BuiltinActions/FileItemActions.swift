import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Actions about items rather than the disk: Get Type, Get Name, Set Name, Get Details of Files
/// and Filter Files.
enum FileItemActions {
    static let all: [ActionDefinition] = [getType, getName, setName, fileDetails, FileFilter.filterFiles]

    static let getType = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getitemtype", title: "Get Type",
            description: "Outputs the type of each input item: Text, Number, Date, URL, Dictionary, File, Boolean…",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Type", keywords: ["kind", "class"])
    ) { _ in
        { input, _ in
            input.isNothing ? .text(Content.nothing.typeName) : Content(items: input.items.map { .text($0.typeName) })
        }
    }

    static let getName = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getitemname", title: "Get Name",
            description: "Outputs the name of each input item: a file's name without its extension, otherwise the item as text.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "Name", keywords: ["title", "filename"])
    ) { _ in
        { input, _ in Content(items: input.items.map { $0.property("Name") }) }
    }

    static let setName = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.setitemname", title: "Set Name",
            description:
                "Gives the input a new file name. The file on disk is not renamed; use Rename File for that. The old extension is kept unless Don't Include File Extension is on.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Input", type: .content, isRequired: true),
                ParameterMetadata(key: "WFName", title: "Name", type: .text, isRequired: true),
                ParameterMetadata(
                    key: "WFDontIncludeFileExtension", title: "Don't Include File Extension", type: .boolean, defaultValue: "false"),
            ],
            inputParameter: "WFInput", outputType: "File", outputName: "Renamed Item", keywords: ["rename", "filename"])
    ) { parameters in
        let nameExpression = parameters["WFName"]
        let noExtension = parameters["WFDontIncludeFileExtension"]
        return { input, run in
            guard let name = try run.text(nameExpression)?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                throw ActionFailure("no name is given", parameter: "WFName")
            }
            let keepsName = try run.bool(noExtension) ?? false
            let files = try run.convert(input, to: .file, parameter: "WFInput").items
            let renamed = files.map { item -> Content in
                var file = item.file()
                let ext = file.fileExtension
                let hasExtension = !ext.isEmpty && name.lowercased().hasSuffix("." + ext.lowercased())
                file.name = keepsName || ext.isEmpty || hasExtension ? name : name + "." + ext
                file.typeIdentifier =
                    keepsName
                    ? (file.typeIdentifier ?? UniformType.identifier(forFileName: file.name))
                    : UniformType.identifier(forFileName: file.name)
                // The item is no longer the file on disk under that name.
                file.path = nil
                return .file(file)
            }
            return Content(items: renamed)
        }
    }

    /// The properties Get Details of Files offers.
    enum FileProperty: String, ParameterOption {
        case name = "Name", fileExtension = "File Extension", fileSize = "File Size", filePath = "File Path"
        case creationDate = "Creation Date", lastModifiedDate = "Last Modified Date", parentDirectory = "Parent Directory"
    }

    /// A file detail by name (any case), or nothing when `name` is not one.
    static func detail(named name: String, of item: Content) -> Content {
        FileProperty(named: name).map { value(of: $0, for: item) } ?? .nothing
    }

    /// A property of one item, including Parent Directory, which ``Content/property(_:)`` lacks.
    static func value(of property: FileProperty, for item: Content) -> Content {
        guard property == .parentDirectory else { return item.property(property.rawValue) }
        guard case .file(let file) = item, let path = file.path else { return .nothing }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return .file(
            FileContent(
                name: URL(fileURLWithPath: parent).lastPathComponent, data: Data(), path: parent,
                typeIdentifier: LocalFiles.folderType))
    }

    static let fileDetails = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.properties.files", title: "Get Details of Files",
            description: "Gets a detail of each input file: its name, extension, size in bytes, path, dates or parent folder.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                .option("WFContentItemPropertyName", title: "Detail", default: FileProperty.name),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Details of Files",
            keywords: ["size", "extension", "path", "modified"])
    ) { parameters in
        let property = OptionParameter(parameters, "WFContentItemPropertyName", default: FileProperty.name)
        return { input, run in
            let property = try property.value(in: run)
            return Content(items: input.items.map { value(of: property, for: $0) })
        }
    }
}
