import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Animated GIFs through libvips (frames are one tall image to it, `page-height` high each, and
/// cgif writes them): Make GIF, Add Frame to GIF and Get Frames from Image.
enum GIFActions {
    static let all: [ActionDefinition] = [make, addFrame, frames]

    /// The most frames an animation made or split here may have: as many as libvips's GIF
    /// reader (libnsgif) reads, which stops at this many and warns. Past it the action fails
    /// rather than lose frames. The pixels of all frames together are also held to
    /// ``VipsImage/pixelLimit``.
    static let frameLimit = 4_096

    /// An animation decoded: its frames one under another.
    struct Animation {
        var image: VipsImage
        var frameHeight: Int
        var delays: [Int]

        var frameCount: Int { image.height / max(frameHeight, 1) }
        var width: Int { image.width }

        /// Every frame of an image file: an animated GIF's (or WebP's) frames, or the image itself.
        init(_ file: FileContent, parameter: String) throws(ActionFailure) {
            let details = try ImageDetails(file, parameter: parameter)
            guard details.frameCount <= GIFActions.frameLimit else {
                throw ActionFailure("\(file.name) has more than \(GIFActions.frameLimit) frames, the most this takes", parameter: parameter)
            }
            image = try VipsImage(file, parameter: parameter, pages: details.frameCount > 1 ? -1 : 1)
            frameHeight = details.frameCount > 1 ? image.height / details.frameCount : image.height
            delays = details.delays
        }

        init(frames: [VipsImage], delays: [Int]) throws(ActionFailure) {
            image = frames.count == 1 ? frames[0] : try VipsImage.joined(frames, vertically: true, spacing: 0, across: 1)
            frameHeight = frames.first?.height ?? 0
            self.delays = delays
        }

        func frame(_ index: Int) throws(ActionFailure) -> VipsImage {
            try image.cropped(left: 0, top: index * frameHeight, width: width, height: frameHeight)
        }

        /// The animation as a GIF file.
        func gif(named name: String, loop: Int) throws(ActionFailure) -> FileContent {
            let animated = try image.animated(pageHeight: frameHeight, delays: delays, loop: loop)
            return FileContent(name: name + ".gif", data: try animated.encoded(as: .gif), typeIdentifier: "com.compuserve.gif")
        }
    }

    /// The frame size from a manual width and height, or `nil` for Auto Size.
    static func manualSize(
        _ auto: ParameterExpression, _ width: ParameterExpression, _ height: ParameterExpression, keys: (String, String),
        _ run: RunContext
    ) throws -> (width: Int, height: Int)? {
        guard try run.bool(auto) == false else { return nil }
        guard let wide = try ImageActions.pixels(width, run, key: keys.0), let high = try ImageActions.pixels(height, run, key: keys.1)
        else { throw ActionFailure("give a width and a height, or turn Auto Size on", parameter: keys.0) }
        return (wide, high)
    }

    /// Checks that `count` frames of `width` × `height` stay within the limits.
    static func checkSize(frames count: Int, width: Int, height: Int, parameter: String) throws(ActionFailure) {
        guard count <= frameLimit else {
            throw ActionFailure("an animation of \(count) frames is more than the \(frameLimit) this makes", parameter: parameter)
        }
        guard count * width * height <= VipsImage.pixelLimit else {
            throw ActionFailure(
                "\(count) frames of \(width) × \(height) pixels are more than the \(VipsImage.pixelLimit / 1_000_000) megapixels this holds",
                parameter: parameter)
        }
    }

    /// A delay in seconds as whole milliseconds (GIF keeps hundredths).
    static func milliseconds(_ expression: ParameterExpression, default seconds: Double, key: String, _ run: RunContext) throws -> Int {
        let value = try run.number(expression, parameter: key) ?? seconds
        guard value.isFinite, value >= 0, value <= 600 else {
            throw ActionFailure("\(value.formatted()) seconds is not a delay between frames (0 to 600)", parameter: key)
        }
        return Int((value * 1000).rounded())
    }

    static let make = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makegif", title: "Make GIF",
            description:
                "Makes an animated GIF of the input images, each shown for Seconds Per Photo, looping forever or a number of times. Auto Size makes every frame the first image's size (others scaled to cover it and cropped in the middle); otherwise give a width and height.",
            parameters: [
                ImageActions.inputParameter("Content"),
                ParameterMetadata(key: "WFMakeGIFActionDelayTime", title: "Seconds Per Photo", type: .number, defaultValue: "0.2"),
                ParameterMetadata(key: "WFMakeGIFActionLoopEnabled", title: "Loop Forever", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFMakeGIFActionLoopCount", title: "Loop Count", type: .number, defaultValue: "1"),
                ParameterMetadata(key: "WFMakeGIFActionAutoSize", title: "Auto Size", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFMakeGIFActionManualSizeWidth", title: "Width", type: .number),
                ParameterMetadata(key: "WFMakeGIFActionManualSizeHeight", title: "Height", type: .number),
            ],
            inputParameter: "WFInput", outputType: "Image", outputName: "GIF", keywords: ["animation", "animated", "frames"])
    ) { parameters in
        let delay = parameters["WFMakeGIFActionDelayTime"]
        let (loops, loopCount) = (parameters["WFMakeGIFActionLoopEnabled"], parameters["WFMakeGIFActionLoopCount"])
        let (auto, width, height) = (
            parameters["WFMakeGIFActionAutoSize"], parameters["WFMakeGIFActionManualSizeWidth"],
            parameters["WFMakeGIFActionManualSizeHeight"]
        )
        return { input, run in
            let files = try ImageActions.images(input, run)
            guard let first = files.first else { throw ActionFailure("give the images to make the GIF of", parameter: "WFInput") }
            let milliseconds = try milliseconds(delay, default: 0.2, key: "WFMakeGIFActionDelayTime", run)
            let loop = try run.bool(loops) ?? true ? 0 : try loopTimes(loopCount, run)
            let manual = try manualSize(
                auto, width, height, keys: ("WFMakeGIFActionManualSizeWidth", "WFMakeGIFActionManualSizeHeight"), run)
            let size =
                try manual
                ?? {
                    let details = try ImageDetails(first)
                    return (details.width, details.height)
                }()
            try checkSize(frames: files.count, width: size.0, height: size.1, parameter: "WFInput")
            let frames = try files.map { file in
                try run.checkCancelled()
                return try VipsImage(file, parameter: "WFInput").covering(width: size.0, height: size.1)
            }
            let animation = try Animation(frames: frames, delays: Array(repeating: milliseconds, count: frames.count))
            return .file(try animation.gif(named: first.baseName, loop: loop))
        }
    }

    static func loopTimes(_ expression: ParameterExpression, _ run: RunContext) throws -> Int {
        try run.wholeNumber(expression, parameter: "WFMakeGIFActionLoopCount", in: 1...65_535, default: 1, what: "a GIF's loop count")
    }

    static let addFrame = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.addframetogif", title: "Add Frame to GIF",
            description:
                "Adds the image as the last frame of the animated GIF, shown for Delay Time seconds; with no GIF, makes one. Auto Size scales the frame to cover the GIF's size, cropped in the middle.",
            parameters: [
                ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true),
                ParameterMetadata(key: "WFInputGIF", title: "GIF", type: .file),
                ParameterMetadata(key: "WFGIFDelayTime", title: "Delay Time", type: .number, defaultValue: "0.25"),
                ParameterMetadata(key: "WFGIFAutoSize", title: "Auto Size", type: .boolean, defaultValue: "true"),
                ParameterMetadata(key: "WFGIFManualSizeWidth", title: "Width", type: .number),
                ParameterMetadata(key: "WFGIFManualSizeHeight", title: "Height", type: .number),
            ],
            inputParameter: "WFImage", outputType: "Image", outputName: "GIF", keywords: ["animation", "animated", "frame"])
    ) { parameters in
        let gif = parameters["WFInputGIF"]
        let delay = parameters["WFGIFDelayTime"]
        let (auto, width, height) = (parameters["WFGIFAutoSize"], parameters["WFGIFManualSizeWidth"], parameters["WFGIFManualSizeHeight"])
        return { input, run in
            guard let added = try ImageActions.images(input, run, parameter: "WFImage").first else {
                throw ActionFailure("give the image to add", parameter: "WFImage")
            }
            let milliseconds = try milliseconds(delay, default: 0.25, key: "WFGIFDelayTime", run)
            let manual = try manualSize(auto, width, height, keys: ("WFGIFManualSizeWidth", "WFGIFManualSizeHeight"), run)
            let frame = try VipsImage(added, parameter: "WFImage")
            guard let gifFile = gif.isAbsent ? nil : try ImageActions.images(try run.content(gif), run, parameter: "WFInputGIF").first
            else {
                let size = manual ?? (frame.width, frame.height)
                let animation = try Animation(frames: [try frame.covering(width: size.0, height: size.1)], delays: [milliseconds])
                return .file(try animation.gif(named: added.baseName, loop: 0))
            }
            let existing = try Animation(gifFile, parameter: "WFInputGIF")
            let size = manual ?? (existing.width, existing.frameHeight)
            try checkSize(frames: existing.frameCount + 1, width: size.0, height: size.1, parameter: "WFInputGIF")
            var frames: [VipsImage] = []
            for index in 0..<existing.frameCount { frames.append(try existing.frame(index).covering(width: size.0, height: size.1)) }
            frames.append(try frame.covering(width: size.0, height: size.1))
            let delays = (0..<existing.frameCount).map { $0 < existing.delays.count ? existing.delays[$0] : 100 } + [milliseconds]
            let loop = ImageDetails.loop(of: gifFile) ?? 0
            return .file(try Animation(frames: frames, delays: delays).gif(named: gifFile.baseName, loop: loop))
        }
    }

    static let frames = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.getframesfromimage", title: "Get Frames from Image",
            description: "Splits an animated GIF (or WebP) into its frames, each a PNG image; a still image gives itself.",
            parameters: [ParameterMetadata(key: "WFImage", title: "Image", type: .file, isRequired: true, isList: true)],
            inputParameter: "WFImage", outputType: "Image", outputName: "Frames", keywords: ["animation", "split", "gif"])
    ) { _ in
        { input, run in
            var frames: [Content] = []
            for file in try ImageActions.images(input, run, parameter: "WFImage") {
                let animation = try Animation(file, parameter: "WFImage")
                for index in 0..<animation.frameCount {
                    try run.checkCancelled()
                    let name = FileNames.numbered(file.baseName, index, of: animation.frameCount)
                    let data = try animation.frame(index).encoded(as: .png)
                    frames.append(.file(FileContent(name: name + ".png", data: data, typeIdentifier: "public.png")))
                }
            }
            return Content(items: frames)
        }
    }
}
