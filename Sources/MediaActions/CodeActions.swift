import ActionSupport
import CMediaLoaders
import CVipsLoader
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// `WFQRErrorCorrectionLevel` of Generate QR Code.
enum QRCorrection: String, ParameterOption {
    case low = "Low", medium = "Medium", quartile = "Quartile", high = "High"

    /// libqrencode's level.
    var level: Int32 {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}

/// QR codes: Generate QR Code (libqrencode, libqrencode4) and Scan QR/Barcode on image files
/// (zbar, libzbar0), both loaded on first use.
enum CodeActions {
    static let all: [ActionDefinition] = [generate, scan]

    /// Pixels a module is drawn with, and the quiet zone around the code, in modules (the
    /// standard's four).
    static let moduleSize = 10
    static let quietZone = 4

    static let generate = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.generatebarcode", title: "Generate QR Code",
            description: "Makes a QR code image (PNG) of the text, at an error correction level.",
            parameters: [
                ParameterMetadata(key: "WFText", title: "Text", type: .text, isRequired: true),
                .option("WFQRErrorCorrectionLevel", title: "Error Correction", default: QRCorrection.medium),
            ],
            inputParameter: "WFText", outputType: "Image", outputName: "QR Code", keywords: ["barcode", "qr"])
    ) { parameters in
        let (text, correction) = (
            parameters["WFText"], OptionParameter(parameters, "WFQRErrorCorrectionLevel", default: QRCorrection.medium)
        )
        return { input, run in
            let value = try run.text(text) ?? input.text
            guard !value.isEmpty else { throw ActionFailure("give the text to encode", parameter: "WFText") }
            let level = try correction.value(in: run)
            try LibraryLoading.load(sqr_load)
            var width: Int32 = 0
            guard let modules = sqr_encode(value, level.level, &width) else {
                throw ActionFailure(
                    "\(value.utf8.count) bytes of text don't fit in a QR code at \(level.rawValue) correction (the most is 2,953 at Low)",
                    parameter: "WFText")
            }
            defer { free(modules) }
            let side = (Int(width) + 2 * quietZone) * moduleSize
            var pixels = [UInt8](repeating: 255, count: side * side)
            for row in 0..<Int(width) {
                for column in 0..<Int(width) where modules[row * Int(width) + column] != 0 {
                    for y in 0..<moduleSize {
                        let start = ((row + quietZone) * moduleSize + y) * side + (column + quietZone) * moduleSize
                        pixels.replaceSubrange(start..<start + moduleSize, with: repeatElement(0, count: moduleSize))
                    }
                }
            }
            try VipsImage.load()
            var image: UnsafeMutableRawPointer?
            guard svips_from_pixels(pixels, Int32(side), Int32(side), 1, &image) == 0, let image else {
                throw ActionFailure("can't draw the QR code: \(VipsImage.lastError())")
            }
            let drawn = VipsImage(taking: image)
            return .file(FileContent(name: "QR Code.png", data: try drawn.encoded(as: .png), typeIdentifier: "public.png"))
        }
    }

    static let scan = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.scanbarcode", title: "Scan QR or Barcode",
            description: "Reads the QR codes and barcodes in images (there is no camera to scan with here): the text of each.",
            parameters: [ParameterMetadata(key: "WFInput", title: "Image", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFInput", outputType: "Text", outputName: "QR/Barcode", keywords: ["qr", "barcode", "read"])
    ) { _ in
        { input, run in
            guard !input.items.isEmpty else {
                throw ActionFailure("there is no camera to scan with here; give the image to read the code from", parameter: "WFInput")
            }
            try LibraryLoading.load(szbar_load)
            var found: [Content] = []
            for file in try ImageActions.images(input, run) {
                let image = try VipsImage(file, parameter: "WFInput")
                let grey = try image.greyPixels()
                var texts: [String] = []
                let count = withUnsafeMutablePointer(to: &texts) { pointer in
                    szbar_scan(
                        grey, Int32(image.width), Int32(image.height),
                        { _, data, length, context in
                            guard let data, let context else { return }
                            let bytes = UnsafeRawBufferPointer(start: data, count: length)
                            context.assumingMemoryBound(to: [String].self).pointee.append(String(decoding: bytes, as: UTF8.self))
                        }, pointer)
                }
                guard count >= 0 else { throw ActionFailure("zbar couldn't scan \(file.name)", parameter: "WFInput") }
                found += texts.map(Content.text)
            }
            return Content(items: found)
        }
    }
}
