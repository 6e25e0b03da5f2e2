import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Actions about items rather than the disk: Get Type, Get Name, Set Name, Get Details of Files
/// and Filter Files.
enum FileItemActions {
    static let all: [ActionDefinition] = [getType, getName, setName, fileDetails, filterFiles]

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

    static let fileDetails = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.properties.files", title: "Get Details of Files",
            description: "Gets a detail of each input file: its name, extension, size in bytes, path, dates or parent folder.",
            parameters: [
                ParameterMetadata(key: "WFInput", title: "Files", type: .file, isRequired: true, isList: true),
                .option("WFContentItemPropertyName", title: "Detail", default: FileDetails.Property.name),
            ],
            inputParameter: "WFInput", outputType: "Content", outputName: "Details of Files",
            keywords: ["size", "extension", "path", "modified"])
    ) { parameters in
        let property = OptionParameter(parameters, "WFContentItemPropertyName", default: FileDetails.Property.name)
        return { input, run in
            let property = try property.value(in: run)
            return Content(items: input.items.map { FileDetails.value(of: property, for: $0) })
        }
    }

    /// The properties of files Filter Files compares and sorts by.
    static let fileProperties = FileFilter.Properties(
        kind: "files", names: FileDetails.Property.allCases.map(\.rawValue),
        value: { name, item in FileDetails.detail(named: name, of: item) })

    static let filterFiles = FileFilter.filter(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.filter.files", title: "Filter Files",
            description:
                "Keeps the input files that match all (or any) of the conditions on Name, File Extension, File Size, Creation Date or Last Modified Date, then sorts and limits them.",
            parameters: FileFilter.parameters(
                input: ParameterMetadata(
                    key: "WFContentItemInputParameter", title: "Files", type: .file, isRequired: true, isList: true),
                sortBy: FileFilter.sortProperties
            ),
            inputParameter: "WFContentItemInputParameter", outputType: "File", outputName: "Files",
            keywords: ["find", "where", "sort", "limit"]),
        properties: fileProperties)
}
