import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Overlay Text: text drawn by libvips (Pango, the system's fonts) onto each image, at a
/// position, size, colour, rotation and outline. Sizes are in pixels (Absolute), or proportions
/// of the image (Proportional, the default): X, the box width and the offset of its width, Y and
/// the font size of its height, the stroke of the font size.
enum TextOverlay {
    static let all: [ActionDefinition] = [overlay]

    /// The most characters drawn at once.
    static let textLimit = 10_000

    /// `WFTextPosition`.
    enum Position: String, ParameterOption {
        case topLeft = "Top Left", topCenter = "Top Center", topRight = "Top Right"
        case middleLeft = "Middle Left", center = "Center", middleRight = "Middle Right"
        case bottomLeft = "Bottom Left", bottomCenter = "Bottom Center", bottomRight = "Bottom Right"
        case custom = "Custom"
        static let aliases: [String: Position] = [
            "top": .topCenter, "bottom": .bottomCenter, "middle": .center, "left": .middleLeft, "right": .middleRight,
        ]

        /// Where a box goes in an image, `offset` in from the nearest edges.
        func origin(box: (Int, Int), image: (Int, Int), offset: Int, custom: (Int, Int)) -> (x: Int, y: Int) {
            let (width, height) = box, (outerWidth, outerHeight) = image
            let left = offset, centre = (outerWidth - width) / 2, right = outerWidth - width - offset
            let top = offset, middle = (outerHeight - height) / 2, bottom = outerHeight - height - offset
            switch self {
            case .topLeft: return (left, top)
            case .topCenter: return (centre, top)
            case .topRight: return (right, top)
            case .middleLeft: return (left, middle)
            case .center: return (centre, middle)
            case .middleRight: return (right, middle)
            case .bottomLeft: return (left, bottom)
            case .bottomCenter: return (centre, bottom)
            case .bottomRight: return (right, bottom)
            case .custom: return custom
            }
        }
    }

    /// `WFTextAlignment`, as libvips numbers it.
    enum Alignment: String, ParameterOption {
        case left = "Left", center = "Center", right = "Right"
        var vips: Int32 {
            switch self {
            case .left: 0
            case .center: 1
            case .right: 2
            }
        }
    }

    /// `WFSizingMethod`.
    enum Sizing: String, ParameterOption {
        case proportional = "Proportional", absolute = "Absolute"
    }

    /// A colour as `#rrggbbaa` for Pango: from `#rgb`/`#rrggbb`/`#rrggbbaa` text, a colour name
    /// Pango knows, or Shortcuts' colour dictionary (red/green/blue/alpha components from 0 to 1).
    static func colour(_ content: Content, default fallback: String, parameter: String) throws -> String {
        if let dictionary = content.dictionary {
            func component(_ names: [String]) -> Double? {
                for name in names { if let value = dictionary[name]?.number { return min(max(value, 0), 1) } }
                return nil
            }
            guard let red = component(["redComponent", "red", "WFColorRed"]),
                let green = component(["greenComponent", "green", "WFColorGreen"]),
                let blue = component(["blueComponent", "blue", "WFColorBlue"])
            else { throw ActionFailure("this colour has no red, green and blue components", parameter: parameter) }
            let alpha = component(["alphaComponent", "alpha", "WFColorAlpha"]) ?? 1
            return "#" + [red, green, blue, alpha].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
        }
        let text = content.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return fallback }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if hex.allSatisfy(\.isHexDigit), [3, 6, 8].contains(hex.count) {
            let full = hex.count == 3 ? hex.map { "\($0)\($0)" }.joined() : hex
            return "#" + full.lowercased() + (full.count == 6 ? "ff" : "")
        }
        guard text.allSatisfy({ $0.isLetter }) else {
            throw ActionFailure("\"\(text.prefix(40))\" is not a colour (give #rrggbb or a colour's name)", parameter: parameter)
        }
        return text.lowercased()
    }

    /// A font as Pango describes one: Apple's PostScript names (`Helvetica-Bold`) become a family
    /// and a style, and the size is added in pixels.
    static func font(_ name: String, size: Int) -> String {
        var family = name.trimmingCharacters(in: .whitespaces)
        var style = ""
        if let dash = family.lastIndex(of: "-") {
            style = String(family[family.index(after: dash)...])
            family = String(family[..<dash])
        }
        // Pango falls back to a font that has the glyphs; "Sans" is the desktop's own.
        if family.isEmpty || family.hasPrefix(".") || family.lowercased().hasPrefix("sfui") { family = "Sans" }
        return ([family, style].filter { !$0.isEmpty } + ["\(max(size, 1))px"]).joined(separator: " ")
    }

    /// Text escaped for Pango markup.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The text drawn: in `colour`, with an outline `stroke` pixels wide in `strokeColour` when
    /// given (the text drawn in it around a circle, then the text on top).
    static func drawn(
        _ text: String, font: String, width: Int, alignment: Alignment, colour: String, stroke: Int, strokeColour: String
    ) throws(ActionFailure) -> VipsImage {
        func draw(_ colour: String) throws(ActionFailure) -> VipsImage {
            try VipsImage.text(
                markup: "<span foreground=\"\(colour)\">\(escaped(text))</span>", font: font, width: width, dpi: 72,
                alignment: alignment.vips)
        }
        let fill = try draw(colour)
        guard stroke > 0 else { return fill }
        let outline = try draw(strokeColour)
        let size = (fill.width + 2 * stroke, fill.height + 2 * stroke)
        var drawnImage = try VipsImage.blank(width: size.0, height: size.1)
        let steps = max(8, min(32, stroke * 4))
        for step in 0..<steps {
            let angle = Double(step) / Double(steps) * 2 * .pi
            let x = stroke + Int((Double(stroke) * cos(angle)).rounded()), y = stroke + Int((Double(stroke) * sin(angle)).rounded())
            drawnImage = try drawnImage.overlaid(with: outline, x: x, y: y)
        }
        return try drawnImage.overlaid(with: fill, x: stroke, y: stroke)
    }

    static let overlay = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.overlaytext", title: "Overlay Text",
            description:
                "Draws text onto each image at a position (Custom: X and Y), in a font, size, colour and alignment, wrapped at a maximum width, rotated, with an outline. Proportional sizing takes each size as a part of the image.",
            parameters: [
                ParameterMetadata(key: "WFText", title: "Text", type: .text, isRequired: true),
                ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true, isList: true),
                .option("WFTextPosition", title: "Position", default: Position.center),
                .option("WFSizingMethod", title: "Sizing", default: Sizing.proportional),
                ParameterMetadata(key: "WFTextX", title: "X Coordinate", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFPercentageTextX", title: "X Coordinate (Proportional)", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFTextY", title: "Y Coordinate", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFPercentageTextY", title: "Y Coordinate (Proportional)", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFTextOffset", title: "Offset", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFPercentageTextOffset", title: "Offset (Proportional)", type: .number, defaultValue: "0.1"),
                ParameterMetadata(key: "WFFont", title: "Font", type: .text),
                ParameterMetadata(key: "WFFontSize", title: "Font Size", type: .number, defaultValue: "36"),
                ParameterMetadata(key: "WFPercentageFontSize", title: "Font Size (Proportional)", type: .number, defaultValue: "0.1"),
                .option("WFTextAlignment", title: "Text Alignment", default: Alignment.center),
                ParameterMetadata(key: "WFTextColor", title: "Font Color", type: .text, defaultValue: "#ffffff"),
                ParameterMetadata(key: "WFTextRotation", title: "Rotation", type: .number, defaultValue: "0"),
                ParameterMetadata(key: "WFTextOutlineEnabled", title: "Outline Text", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFTextStrokeWidth", title: "Stroke Width", type: .number, defaultValue: "0"),
                ParameterMetadata(
                    key: "WFPercentageTextStrokeWidth", title: "Stroke Width (Proportional)", type: .number, defaultValue: "0.1"),
                ParameterMetadata(key: "WFTextStrokeColor", title: "Stroke Color", type: .text, defaultValue: "#000000"),
                ParameterMetadata(key: "WFTextBoxWidth", title: "Maximum Width", type: .number),
                ParameterMetadata(
                    key: "WFPercentageTextBoxWidth", title: "Maximum Width (Proportional)", type: .number, defaultValue: "0.8"),
            ],
            inputParameter: "WFImage", outputType: "Image", outputName: "Image with Text", keywords: ["caption", "watermark", "label"])
    ) { parameters in
        let textExpression = parameters["WFText"]
        let position = OptionParameter(parameters, "WFTextPosition", default: Position.center)
        let sizing = OptionParameter(parameters, "WFSizingMethod", default: Sizing.proportional)
        let alignment = OptionParameter(parameters, "WFTextAlignment", default: Alignment.center)
        return { input, run in
            let text = try run.text(textExpression) ?? ""
            guard !text.isEmpty else { throw ActionFailure("give the text to draw", parameter: "WFText") }
            // Pango draws the whole text at once: more than a poster's worth is refused.
            guard text.count <= textLimit else {
                throw ActionFailure("the text has \(text.count) characters, more than the \(textLimit) this draws", parameter: "WFText")
            }
            let proportional = try sizing.value(in: run) == .proportional
            let place = try position.value(in: run)
            let align = try alignment.value(in: run)
            /// A size: a proportion of `whole` (Proportional) or pixels (Absolute).
            func size(_ key: String, _ absoluteDefault: Double?, _ proportionDefault: Double?, of whole: Int) throws -> Int? {
                if proportional {
                    guard
                        let part = try run.number(
                            parameters["WFPercentage" + key.dropFirst(2)], parameter: "WFPercentage" + key.dropFirst(2))
                            ?? proportionDefault
                    else { return nil }
                    guard part.isFinite, part >= 0, part <= 10 else {
                        throw ActionFailure(
                            "\(part.formatted()) is not a proportion of the image (0 to 1)", parameter: "WFPercentage" + key.dropFirst(2))
                    }
                    return Int((part * Double(whole)).rounded())
                }
                guard let pixels = try run.number(parameters[key], parameter: key) ?? absoluteDefault else { return nil }
                guard pixels.isFinite, pixels >= 0, pixels <= 100_000 else {
                    throw ActionFailure("\(pixels.formatted()) is not a size in pixels", parameter: key)
                }
                return Int(pixels.rounded())
            }
            let fill = try colour(try run.content(parameters["WFTextColor"]), default: "#ffffffff", parameter: "WFTextColor")
            let outlined = try run.bool(parameters["WFTextOutlineEnabled"]) ?? false
            let strokeColour = try colour(
                try run.content(parameters["WFTextStrokeColor"]), default: "#000000ff", parameter: "WFTextStrokeColor")
            let degrees = try run.number(parameters["WFTextRotation"], parameter: "WFTextRotation") ?? 0
            let fontName = try run.text(parameters["WFFont"]) ?? ""
            var drawnImages: [Content] = []
            for file in try ImageActions.images(input, run, parameter: "WFImage") {
                let image = try VipsImage(file, parameter: "WFImage")
                let fontSize = try size("WFFontSize", 36, 0.1, of: image.height) ?? 36
                guard fontSize <= 2_000 else {
                    throw ActionFailure(
                        "a font \(fontSize) pixels high is more than the 2000 this draws",
                        parameter: proportional ? "WFPercentageFontSize" : "WFFontSize")
                }
                let boxWidth = try size("WFTextBoxWidth", nil, 0.8, of: image.width) ?? 0
                let offset = try size("WFTextOffset", 0, 0.1, of: min(image.width, image.height)) ?? 0
                let stroke = outlined ? try size("WFTextStrokeWidth", 0, 0.1, of: fontSize) ?? 0 : 0
                let x = try size("WFTextX", 0, 0, of: image.width) ?? 0, y = try size("WFTextY", 0, 0, of: image.height) ?? 0
                var label = try drawn(
                    text, font: font(fontName, size: fontSize), width: boxWidth, alignment: align, colour: fill, stroke: stroke,
                    strokeColour: strokeColour)
                let unturned = (label.width, label.height)
                if degrees != 0 { label = try label.rotated(degrees: degrees) }
                var origin = place.origin(box: unturned, image: (image.width, image.height), offset: offset, custom: (x, y))
                // Turned about its centre.
                origin.x -= (label.width - unturned.0) / 2
                origin.y -= (label.height - unturned.1) / 2
                drawnImages.append(.file(try image.overlaid(with: label, x: origin.x, y: origin.y).file(like: file)))
            }
            return Content(items: drawnImages)
        }
    }
}
