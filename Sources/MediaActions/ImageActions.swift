import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFImageCropPosition` of Crop Image and `WFImagePosition` of Overlay Image.
enum ImagePosition: String, ParameterOption {
    case center = "Center", topLeft = "Top Left", topRight = "Top Right", bottomLeft = "Bottom Left", bottomRight = "Bottom Right"
    case custom = "Custom"

    /// Where a `width` × `height` box goes in a `outerWidth` × `outerHeight` one.
    func origin(width: Int, height: Int, in outerWidth: Int, _ outerHeight: Int, x: Int, y: Int) -> (x: Int, y: Int) {
        switch self {
        case .center: ((outerWidth - width) / 2, (outerHeight - height) / 2)
        case .topLeft: (0, 0)
        case .topRight: (outerWidth - width, 0)
        case .bottomLeft: (0, outerHeight - height)
        case .bottomRight: (outerWidth - width, outerHeight - height)
        case .custom: (x, y)
        }
    }
}

/// `WFImageResizeKey` of Resize Image.
enum ResizeMode: String, ParameterOption {
    case size = "Size", percentage = "Percentage", longestEdge = "Longest Edge"
}

/// `WFImageFlipDirection` of Flip Image and `WFImageCombineDirection` of Combine Images.
enum ImageDirection: String, ParameterOption {
    case horizontal = "Horizontal", vertical = "Vertical"
}

/// `WFImageCombineMode` of Combine Images.
enum CombineMode: String, ParameterOption {
    case sideBySide = "Side-by-Side", grid = "Grid"
    static let aliases: [String: CombineMode] = ["side by side": .sideBySide, "in a grid": .grid]
}

/// `WFMaskType` of Mask Image.
enum MaskType: String, ParameterOption {
    case roundedRectangle = "Rounded Rectangle", ellipse = "Ellipse", icon = "Icon", customImage = "Custom Image"
}

/// `WFImageFormat` of Convert Image.
enum ConvertFormat: String, ParameterOption {
    case jpeg = "JPEG", png = "PNG", tiff = "TIFF", gif = "GIF", heif = "HEIF", webp = "WebP", matchInput = "Match Input"
    case jpeg2000 = "JPEG-2000", bmp = "BMP", pdf = "PDF"
    static let aliases: [String: ConvertFormat] = ["heic": .heif, "jpeg 2000": .jpeg2000, "match input": .matchInput]
}

/// Editing images through libvips: Resize, Crop, Rotate, Flip, Convert, Mask and Combine
/// Images, and Overlay Image. Each takes image files (or what the content graph makes them
/// from: URLs are downloaded) and gives image files, in the input's format where it can.
enum ImageActions {
    static let all: [ActionDefinition] = [resize, crop, rotate, flip, convert, convertInFinder, mask, combine, overlay]

    /// The input as image files.
    static func images(_ input: Content, _ run: RunContext, parameter: String = "WFInput") throws -> [FileContent] {
        try run.convert(input, to: .image, parameter: parameter).items.compactMap { if case .file(let file) = $0 { file } else { nil } }
    }

    static func inputParameter(_ title: String = "Image") -> ParameterMetadata {
        ParameterMetadata(key: "WFInput", title: title, type: .file, isRequired: true, isList: true)
    }

    /// A whole number of pixels from a number parameter, or `nil` when it is absent ("Auto").
    static func pixels(_ expression: ParameterExpression, _ run: RunContext, key: String, allowsZero: Bool = false) throws -> Int? {
        guard let value = try run.number(expression, parameter: key) else { return nil }
        guard value.isFinite, value >= (allowsZero ? 0 : 1), value <= 1_000_000 else {
            throw ActionFailure(
                "\(value.formatted()) is not a size in pixels (give a whole number from \(allowsZero ? 0 : 1))", parameter: key)
        }
        return Int(value.rounded())
    }

    static let resize = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.resize", title: "Resize Image",
            description:
                "Scales images to a width and height; a side left empty (Auto) keeps the aspect ratio. By Percentage or Longest Edge instead when Resize is set so.",
            parameters: [
                inputParameter(), .option("WFImageResizeKey", title: "Resize", default: ResizeMode.size),
                ParameterMetadata(key: "WFImageResizeWidth", title: "Width", type: .number, defaultValue: "640"),
                ParameterMetadata(key: "WFImageResizeHeight", title: "Height", type: .number),
                ParameterMetadata(key: "WFImageResizePercentage", title: "Percentage", type: .number, defaultValue: "50"),
                ParameterMetadata(key: "WFImageResizeLength", title: "Length", type: .number, defaultValue: "640"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Resized Image", keywords: ["scale", "shrink", "width", "height"])
    ) { parameters in
        let mode = OptionParameter(parameters, "WFImageResizeKey", default: ResizeMode.size)
        let (width, height) = (parameters["WFImageResizeWidth"], parameters["WFImageResizeHeight"])
        let (percentage, length) = (parameters["WFImageResizePercentage"], parameters["WFImageResizeLength"])
        return { input, run in
            let mode = try mode.value(in: run)
            var resized: [Content] = []
            for file in try images(input, run) {
                let image: VipsImage
                switch mode {
                case .size:
                    let wide = width.isAbsent ? 640 : try pixels(width, run, key: "WFImageResizeWidth")
                    let high = try pixels(height, run, key: "WFImageResizeHeight")
                    image = try VipsImage.thumbnail(
                        file, width: wide ?? 0, height: high ?? 0, force: wide != nil && high != nil, parameter: "WFInput")
                case .percentage:
                    let percent = try run.number(percentage, parameter: "WFImageResizePercentage") ?? 50
                    guard percent > 0, percent <= 10_000 else {
                        throw ActionFailure("\(percent.formatted()) % is not a size to scale to", parameter: "WFImageResizePercentage")
                    }
                    let original = try VipsImage(file, parameter: "WFInput")
                    image = try original.resized(horizontal: percent / 100, vertical: percent / 100)
                case .longestEdge:
                    let edge = try pixels(length, run, key: "WFImageResizeLength") ?? 640
                    image = try VipsImage.thumbnail(file, width: edge, height: edge, force: false, parameter: "WFInput")
                }
                resized.append(.file(try image.file(like: file)))
            }
            return Content(items: resized)
        }
    }

    static let crop = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.crop", title: "Crop Image",
            description: "Crops images to a rectangle of a width and height, at a position (Custom: X and Y from the top left).",
            parameters: [
                inputParameter(), .option("WFImageCropPosition", title: "Position", default: ImagePosition.center),
                ParameterMetadata(key: "WFImageCropX", title: "X Coordinate", type: .number),
                ParameterMetadata(key: "WFImageCropY", title: "Y Coordinate", type: .number),
                ParameterMetadata(key: "WFImageCropWidth", title: "Width", type: .number, defaultValue: "100"),
                ParameterMetadata(key: "WFImageCropHeight", title: "Height", type: .number, defaultValue: "100"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Cropped Image", keywords: ["clip", "rectangle"])
    ) { parameters in
        let position = OptionParameter(parameters, "WFImageCropPosition", default: ImagePosition.center)
        let (x, y) = (parameters["WFImageCropX"], parameters["WFImageCropY"])
        let (width, height) = (parameters["WFImageCropWidth"], parameters["WFImageCropHeight"])
        return { input, run in
            let position = try position.value(in: run)
            let wide = try pixels(width, run, key: "WFImageCropWidth") ?? 100
            let high = try pixels(height, run, key: "WFImageCropHeight") ?? 100
            let left = try pixels(x, run, key: "WFImageCropX", allowsZero: true) ?? 0
            let top = try pixels(y, run, key: "WFImageCropY", allowsZero: true) ?? 0
            return Content(
                items: try images(input, run).map { file in
                    let image = try VipsImage(file, parameter: "WFInput")
                    // The rectangle is kept within the image, as Shortcuts keeps it.
                    let (w, h) = (min(wide, image.width), min(high, image.height))
                    var origin = position.origin(width: w, height: h, in: image.width, image.height, x: left, y: top)
                    origin = (min(max(origin.x, 0), image.width - w), min(max(origin.y, 0), image.height - h))
                    return .file(try image.cropped(left: origin.x, top: origin.y, width: w, height: h).file(like: file))
                })
        }
    }

    static let rotate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.rotate", title: "Rotate Image",
            description: "Rotates images clockwise by a number of degrees; corners a rotation uncovers are transparent.",
            parameters: [
                inputParameter(), ParameterMetadata(key: "WFImageRotateAmount", title: "Degrees", type: .number, defaultValue: "90"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Rotated Image", keywords: ["turn", "degrees"])
    ) { parameters in
        let amount = parameters["WFImageRotateAmount"]
        return { input, run in
            let degrees = try run.number(amount, parameter: "WFImageRotateAmount") ?? 90
            guard degrees.isFinite else { throw ActionFailure("\(degrees) is not an angle", parameter: "WFImageRotateAmount") }
            return Content(
                items: try images(input, run).map { file in
                    .file(try VipsImage(file, parameter: "WFInput").rotated(degrees: degrees).file(like: file))
                })
        }
    }

    static let flip = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.flip", title: "Flip Image",
            description: "Mirrors images left to right (Horizontal) or top to bottom (Vertical).",
            parameters: [inputParameter(), .option("WFImageFlipDirection", title: "Direction", default: ImageDirection.horizontal)],
            inputParameter: "WFInput", outputType: "Image", outputName: "Flipped Image", keywords: ["mirror"])
    ) { parameters in
        let direction = OptionParameter(parameters, "WFImageFlipDirection", default: ImageDirection.horizontal)
        return { input, run in
            let vertically = try direction.value(in: run) == .vertical
            return Content(
                items: try images(input, run).map { file in
                    .file(try VipsImage(file, parameter: "WFInput").flipped(vertically: vertically).file(like: file))
                })
        }
    }

    static let convert = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.convert", title: "Convert Image",
            description:
                "Converts images to JPEG, PNG, TIFF, GIF, HEIF or WebP (or the input's own format), at a JPEG quality from 0 to 1, keeping or stripping metadata.",
            parameters: [
                inputParameter(), .option("WFImageFormat", title: "Format", default: ConvertFormat.jpeg),
                ParameterMetadata(
                    key: "WFImageCompressionQuality", title: "Quality", type: .number, defaultValue: "0.75", minimum: 0, maximum: 1),
                ParameterMetadata(key: "WFImagePreserveMetadata", title: "Preserve Metadata", type: .boolean, defaultValue: "true"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Converted Image", keywords: ["jpeg", "png", "heic", "format"])
    ) { parameters in
        let format = OptionParameter(parameters, "WFImageFormat", default: ConvertFormat.jpeg)
        let (quality, metadata) = (parameters["WFImageCompressionQuality"], parameters["WFImagePreserveMetadata"])
        return { input, run in
            let chosen = try format.value(in: run)
            let level = try run.number(quality, parameter: "WFImageCompressionQuality") ?? 0.75
            guard level >= 0, level <= 1 else {
                throw ActionFailure("the quality goes from 0 to 1, not \(level.formatted())", parameter: "WFImageCompressionQuality")
            }
            let strip = try run.bool(metadata) == false
            return Content(
                items: try images(input, run).map { file in
                    let target: ImageFormat?
                    switch chosen {
                    case .jpeg: target = .jpeg(quality: max(1, Int((level * 100).rounded())), strip: strip)
                    case .png: target = .png
                    case .tiff: target = .tiff
                    case .gif: target = .gif
                    case .heif: target = .heif
                    case .webp: target = .webp
                    case .matchInput: target = nil
                    case .jpeg2000, .bmp, .pdf:
                        throw ActionFailure(
                            "\(chosen.rawValue) isn't written here; convert to JPEG, PNG, TIFF, GIF, HEIF or WebP",
                            parameter: "WFImageFormat")
                    }
                    var image = try VipsImage(file, parameter: "WFInput")
                    // JPEG holds no transparency: what was transparent becomes white.
                    if case .jpeg? = target, image.hasAlpha { image = try image.flattened() }
                    return .file(
                        try image.file(like: file, format: target ?? ImageFormat(typeIdentifier: file.typeIdentifier, name: file.name)))
                })
        }
    }

    static let mask = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.mask", title: "Mask Image",
            description:
                "Makes what is outside a shape transparent: a rounded rectangle (Corner Radius in pixels), an ellipse, an app icon's shape, or a custom image's alpha (or brightness).",
            parameters: [
                inputParameter(), .option("WFMaskType", title: "Type", default: MaskType.roundedRectangle),
                ParameterMetadata(key: "WFMaskCornerRadius", title: "Corner Radius", type: .number),
                ParameterMetadata(key: "WFCustomMaskImage", title: "Image", type: .file),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Masked Image", keywords: ["round", "circle", "transparent"])
    ) { parameters in
        let type = OptionParameter(parameters, "WFMaskType", default: MaskType.roundedRectangle)
        let (radius, custom) = (parameters["WFMaskCornerRadius"], parameters["WFCustomMaskImage"])
        return { input, run in
            let type = try type.value(in: run)
            let corner = try run.number(radius, parameter: "WFMaskCornerRadius") ?? 0
            let customMask: VipsImage? =
                type == .customImage
                ? try {
                    guard let file = try images(try run.content(custom), run, parameter: "WFCustomMaskImage").first else {
                        throw ActionFailure("give the image whose shape masks the input", parameter: "WFCustomMaskImage")
                    }
                    return try VipsImage(file, parameter: "WFCustomMaskImage")
                }() : nil
            return Content(
                items: try images(input, run).map { file in
                    let image = try VipsImage(file, parameter: "WFInput")
                    let shape = try customMask ?? VipsImage.svg(maskSVG(type, width: image.width, height: image.height, radius: corner))
                    return .file(try image.masked(by: shape).file(like: file, format: .png))
                })
        }
    }

    /// A white shape on transparency, the size of the image.
    static func maskSVG(_ type: MaskType, width: Int, height: Int, radius: Double) -> String {
        let shape: String
        switch type {
        case .ellipse:
            shape =
                "<ellipse cx=\"\(Double(width) / 2)\" cy=\"\(Double(height) / 2)\" rx=\"\(Double(width) / 2)\" ry=\"\(Double(height) / 2)\"/>"
        case .icon:
            // An app icon's corners: about 22.37 % of its side.
            let corner = 0.2237 * Double(min(width, height))
            shape = "<rect width=\"\(width)\" height=\"\(height)\" rx=\"\(corner)\" ry=\"\(corner)\"/>"
        case .roundedRectangle, .customImage:
            let corner = min(max(radius, 0), Double(min(width, height)) / 2)
            shape = "<rect width=\"\(width)\" height=\"\(height)\" rx=\"\(corner)\" ry=\"\(corner)\"/>"
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\"><g fill=\"#fff\">\(shape)</g></svg>"
    }

    static let combine = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.image.combine", title: "Combine Images",
            description: "Puts images side by side (horizontally or vertically) or in a grid, with a spacing in pixels between them.",
            parameters: [
                inputParameter("Images"), .option("WFImageCombineMode", title: "Mode", default: CombineMode.sideBySide),
                .option("WFImageCombineDirection", title: "Direction", default: ImageDirection.horizontal),
                ParameterMetadata(key: "WFImageCombineSpacing", title: "Spacing", type: .number, defaultValue: "0"),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Combined Image", keywords: ["collage", "grid", "join"])
    ) { parameters in
        let mode = OptionParameter(parameters, "WFImageCombineMode", default: CombineMode.sideBySide)
        let direction = OptionParameter(parameters, "WFImageCombineDirection", default: ImageDirection.horizontal)
        let spacing = parameters["WFImageCombineSpacing"]
        return { input, run in
            let files = try images(input, run)
            guard let first = files.first else { throw ActionFailure("give the images to combine", parameter: "WFInput") }
            let gap = try pixels(spacing, run, key: "WFImageCombineSpacing", allowsZero: true) ?? 0
            let decoded = try files.map { try VipsImage($0, parameter: "WFInput") }
            let across = try mode.value(in: run) == .grid ? Int(Double(decoded.count).squareRoot().rounded(.up)) : 0
            let joined = try VipsImage.joined(decoded, vertically: try direction.value(in: run) == .vertical, spacing: gap, across: across)
            return .file(try joined.file(like: FileContent(name: "Combined Image", data: Data()), format: .png))
                .renamed(like: first)
        }
    }

    static let overlay = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.overlayimageonimage", title: "Overlay Image",
            description:
                "Puts an image on top of each input image: at a position (Custom: X and Y), at a width and height (Auto: its own), rotated and at an opacity in percent.",
            parameters: [
                inputParameter(), ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true),
                ParameterMetadata(key: "WFShouldShowImageEditor", title: "Show Image Editor", type: .boolean, defaultValue: "true"),
                .option("WFImagePosition", title: "Position", default: ImagePosition.center),
                ParameterMetadata(key: "WFImageWidth", title: "Width", type: .number),
                ParameterMetadata(key: "WFImageHeight", title: "Height", type: .number),
                ParameterMetadata(key: "WFImageX", title: "X Coordinate", type: .number),
                ParameterMetadata(key: "WFImageY", title: "Y Coordinate", type: .number),
                ParameterMetadata(key: "WFRotation", title: "Rotation (Degrees)", type: .number, defaultValue: "0"),
                ParameterMetadata(
                    key: "WFOverlayImageOpacity", title: "Opacity", type: .number, defaultValue: "100", minimum: 0, maximum: 100),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "Overlaid Image", keywords: ["watermark", "composite"])
    ) { parameters in
        let position = OptionParameter(parameters, "WFImagePosition", default: ImagePosition.center)
        let top = parameters["WFImage"]
        let (width, height, x, y) = (
            parameters["WFImageWidth"], parameters["WFImageHeight"], parameters["WFImageX"], parameters["WFImageY"]
        )
        let (rotation, opacity) = (parameters["WFRotation"], parameters["WFOverlayImageOpacity"])
        return { input, run in
            guard let overlayFile = try images(try run.content(top), run, parameter: "WFImage").first else {
                throw ActionFailure("give the image to put on top", parameter: "WFImage")
            }
            let place = try position.value(in: run)
            let (left, down) = (
                try pixels(x, run, key: "WFImageX", allowsZero: true) ?? 0, try pixels(y, run, key: "WFImageY", allowsZero: true) ?? 0
            )
            let degrees = try run.number(rotation, parameter: "WFRotation") ?? 0
            let percent = try run.number(opacity, parameter: "WFOverlayImageOpacity") ?? 100
            guard percent >= 0, percent <= 100 else {
                throw ActionFailure("the opacity goes from 0 to 100, not \(percent.formatted())", parameter: "WFOverlayImageOpacity")
            }
            var overlay = try VipsImage(overlayFile, parameter: "WFImage")
            let wide = try pixels(width, run, key: "WFImageWidth")
            let high = try pixels(height, run, key: "WFImageHeight")
            if wide != nil || high != nil {
                let horizontal = Double(wide ?? 0) / Double(overlay.width)
                let vertical = Double(high ?? 0) / Double(overlay.height)
                overlay = try overlay.resized(
                    horizontal: wide == nil ? vertical : horizontal, vertical: high == nil ? horizontal : vertical)
            }
            if degrees != 0 { overlay = try overlay.rotated(degrees: degrees) }
            if percent < 100 { overlay = try overlay.faded(to: percent / 100) }
            return Content(
                items: try images(input, run).map { file in
                    let base = try VipsImage(file, parameter: "WFInput")
                    let origin = place.origin(width: overlay.width, height: overlay.height, in: base.width, base.height, x: left, y: down)
                    return .file(try base.overlaid(with: overlay, x: origin.x, y: origin.y).file(like: file))
                })
        }
    }
}

extension Content {
    /// A file renamed after another (its base name), keeping its own extension.
    fileprivate func renamed(like original: FileContent) -> Content {
        guard case .file(var file) = self else { return self }
        file.name = original.baseName + "." + file.fileExtension
        return .file(file)
    }
}
