import ActionSupport
import CMediaLoaders
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Extract Text from Image through Tesseract: each image read in greyscale, in the run's
/// language when Tesseract has data for it, and English.
enum TextRecognition {
    static let all: [ActionDefinition] = [extract]

    /// Tesseract's names for the languages it reads, by ISO 639-1 code.
    static let tesseractNames = [
        "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "sv": "swe", "da": "dan", "nb": "nor",
        "fi": "fin", "pl": "pol", "cs": "ces", "ru": "rus", "uk": "ukr", "tr": "tur", "el": "ell", "ja": "jpn", "ko": "kor",
        "zh": "chi_sim", "ar": "ara", "he": "heb", "hi": "hin",
    ]

    /// Where Tesseract's language data is: `TESSDATA_PREFIX`, else Debian's place.
    static func dataFolder(_ variables: [String: String]) -> String {
        variables["TESSDATA_PREFIX"] ?? "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// The languages to read in: the run's own when its data is installed, then English.
    static func languages(for run: RunContext) -> String {
        let code = run.environment.locale.time.language.languageCode?.identifier ?? "en"
        guard let name = tesseractNames[code],
            FileManager.default.fileExists(atPath: dataFolder(run.environment.variables) + "/\(name).traineddata")
        else { return "eng" }
        return name + "+eng"
    }

    /// The text in one image.
    static func text(in file: FileContent, languages: String) throws -> String {
        let image = try VipsImage(file, parameter: "WFImage")
        let grey = try image.greyPixels()
        // libvips gives pixels per millimetre, 1 when the file doesn't say; scans are 300 ppi.
        let perInch = Int((image.resolution * 25.4).rounded())
        var reason = [CChar](repeating: 0, count: 512)
        guard
            let found = socr_recognize(
                grey, Int32(image.width), Int32(image.height), Int32(perInch >= 70 ? perInch : 300), languages, &reason, reason.count)
        else {
            throw ActionFailure(
                LibraryLoading.message(reason), parameter: "WFImage")
        }
        defer { free(found) }
        return String(cString: found).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let extract = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.extracttextfromimage", title: "Extract Text from Image",
            description:
                "Reads the text in each image (OCR, with Tesseract): in the language of the region when Tesseract has it, and English.",
            parameters: [ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFImage", outputType: "Text", outputName: "Text from Image", keywords: ["ocr", "recognize", "read", "scan"])
    ) { _ in
        { input, run in
            try LibraryLoading.load(socr_load)
            let languages = languages(for: run)
            var texts: [Content] = []
            for file in try ImageActions.images(input, run, parameter: "WFImage") {
                try run.checkCancelled()
                texts.append(.text(try text(in: file, languages: languages)))
            }
            return Content(items: texts)
        }
    }
}
