import Foundation
import ShortcutsContent
import ShortcutsEngine

extension ImageActions {
    /// The Finder's Convert Image sizes, as the longest side in pixels; an image already smaller
    /// keeps its size.
    static let finderSizes: [String: Int] = ["Small": 320, "Medium": 640, "Large": 1_280]

    /// Convert Image as the Finder's quick action has it: JPEG, PNG or HEIF, at Small, Medium,
    /// Large or Actual Size.
    static let convertInFinder = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.convert.finder", title: "Convert Image",
            description:
                "Converts images to JPEG, PNG or HEIF at a size (Small, Medium or Large: 320, 640 or 1,280 pixels on the longest side, never enlarged; or Actual Size), keeping or stripping metadata.",
            parameters: [
                ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true, isList: true),
                ParameterMetadata(
                    key: "WFFileFormat", title: "File Format", type: .enumeration, options: ["JPEG", "PNG", "HEIF"], defaultValue: "JPEG"),
                ParameterMetadata(
                    key: "WFSize", title: "Image Size", type: .enumeration, options: ["Small", "Medium", "Large", "Actual Size"],
                    defaultValue: "Actual Size"),
                ParameterMetadata(key: "WFPreserveMetadata", title: "Preserve Metadata", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFImage", outputType: "Image", outputName: "Converted Image",
            keywords: ["jpeg", "png", "heic", "format", "finder"])
    ) { parameters in
        let (formatExpression, sizeExpression, metadataExpression) = (
            parameters["WFFileFormat"], parameters["WFSize"], parameters["WFPreserveMetadata"]
        )
        return { input, run in
            let formatName = try run.text(formatExpression) ?? "JPEG"
            let strip = try run.bool(metadataExpression) == false
            let format: ImageFormat
            switch formatName.uppercased() {
            case "JPEG", "JPG": format = .jpeg(quality: 90, strip: strip)
            case "PNG": format = .png
            case "HEIF", "HEIC": format = .heif
            default: throw ActionFailure("the format is JPEG, PNG or HEIF, not \(formatName.debugDescription)", parameter: "WFFileFormat")
            }
            let sizeName = try run.text(sizeExpression) ?? "Actual Size"
            let longest = finderSizes.first { $0.key.caseInsensitiveCompare(sizeName) == .orderedSame }?.value
            guard longest != nil || sizeName.caseInsensitiveCompare("Actual Size") == .orderedSame else {
                throw ActionFailure(
                    "the size is Small, Medium, Large or Actual Size, not \(sizeName.debugDescription)", parameter: "WFSize")
            }
            return Content(
                items: try images(input, run, parameter: "WFImage").map { file in
                    var image = try VipsImage(file, parameter: "WFImage")
                    if let longest, max(image.integer("width") ?? 0, image.integer("height") ?? 0) > longest {
                        image = try VipsImage.thumbnail(file, width: longest, height: longest, force: false, parameter: "WFImage")
                    }
                    if case .jpeg = format, image.hasAlpha { image = try image.flattened() }
                    return .file(try image.file(like: file, format: format))
                })
        }
    }
}
