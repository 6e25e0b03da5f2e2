import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Audio and video through FFmpeg's own programs, `ffmpeg` and `ffprobe` (package `ffmpeg`):
/// Encode Media (sizes, audio only, speed, metadata), Trim Media and Make Video from GIF.
///
/// FFmpeg's libraries are read and written through their structs' fields, whose layout changes
/// with every major version, so they can't be loaded with `dlopen` and used without the -dev
/// headers; the programs are FFmpeg's stable interface. Each runs in a folder of the run's cache
/// that is removed afterwards, stops when the run is cancelled, and writes at most a value's
/// worth of bytes (`-fs`).
enum MediaEncodingActions {
    static let all: [ActionDefinition] = [encodeMedia, trimMedia, videoFromGIF]

    /// Where FFmpeg's programs are, or a failure naming the package.
    static func tools(_ run: RunContext) throws -> (ffmpeg: String, ffprobe: String) {
        guard let ffmpeg = run.tool(["ffmpeg"])?.path, let ffprobe = run.tool(["ffprobe"])?.path
        else {
            throw ActionFailure("audio and video need FFmpeg's programs: install ffmpeg (apt-get install ffmpeg)")
        }
        return (ffmpeg, ffprobe)
    }

    /// The file FFmpeg reads for an item: its own when it is on disk and the run may read it,
    /// else its bytes written into `folder`.
    static func inputPath(_ item: Content, folder: String, run: RunContext, parameter: String) throws -> (path: String, file: FileContent) {
        guard case .file(let file) = item else {
            throw ActionFailure("expected an audio or video file, got \(item.quotedForError)", parameter: parameter)
        }
        if let path = file.path, LocalFiles.exists(path) == (true, false), LocalFiles.size(at: path) == file.data.count {
            try LocalFiles.check(path, .read, run: run, parameter: parameter)
            return (path, file)
        }
        let name = file.name.isEmpty || file.name.contains("/") ? "input" : file.name
        let path = folder + "/in-" + name
        do {
            try file.data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw ActionFailure("can't write the media to \(path): \(error.localizedDescription)", parameter: parameter)
        }
        return (path, file)
    }

    /// What ffprobe says of a file: its duration in seconds and whether it has video and audio.
    struct Probe {
        var duration: Double?
        var hasVideo = false
        var hasAudio = false
    }

    static func probe(_ path: String, tools: (ffmpeg: String, ffprobe: String), run: RunContext, parameter: String) throws -> Probe {
        let outcome = try run.runProgram(
            tools.ffprobe, arguments: ["-v", "error", "-show_entries", "format=duration:stream=codec_type", "-of", "json", path],
            environment: run.environment.variables, timeout: 60)
        try outcome.throwIfCancelled()
        guard outcome.status == 0,
            let json = try? JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any]
        else {
            throw ActionFailure(
                "\((path as NSString).lastPathComponent) is not audio or video FFmpeg reads: \(outcome.errorText.prefix(200).trimmingCharacters(in: .whitespacesAndNewlines))",
                parameter: parameter)
        }
        var probe = Probe()
        probe.duration = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        for stream in json["streams"] as? [[String: Any]] ?? [] {
            switch stream["codec_type"] as? String {
            case "video": probe.hasVideo = true
            case "audio": probe.hasAudio = true
            default: break
            }
        }
        guard probe.hasVideo || probe.hasAudio else {
            throw ActionFailure("\((path as NSString).lastPathComponent) has no audio or video in it", parameter: parameter)
        }
        return probe
    }

    /// Runs ffmpeg to write `output` in `folder`, and gives the file it wrote.
    static func encode(
        _ arguments: [String], output: String, name: String, folder: String, tools: (ffmpeg: String, ffprobe: String), run: RunContext,
        parameter: String
    ) throws -> Content {
        let path = folder + "/" + output
        var all = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + arguments
        if run.limits.valueBytes > 0 { all += ["-fs", String(run.limits.valueBytes)] }
        all.append(path)
        let outcome = try run.runProgram(
            tools.ffmpeg, arguments: all, environment: run.environment.variables)
        try outcome.throwIfCancelled()
        guard outcome.status == 0, let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            let said = outcome.errorText.split(separator: "\n").suffix(3).joined(separator: " ")
            throw ActionFailure("ffmpeg could not make the media (status \(outcome.status)): \(said.prefix(400))", parameter: parameter)
        }
        // ffmpeg stops at -fs, so a file that reached it was cut short, not finished.
        if run.limits.valueBytes > 0, data.count >= run.limits.valueBytes {
            throw ActionFailure(
                "the media would be larger than \(run.limits.valueBytes) bytes, more than one value may hold (SHORTCUTS_MAX_VALUE_BYTES, or limits.valueBytes in settings)",
                parameter: parameter, code: .limitExceeded)
        }
        let ext = (output as NSString).pathExtension
        return .file(FileContent(name: name + "." + ext, data: data))
    }

    // MARK: Encode Media

    /// Encode Media's sizes: the largest frame each fits the video into (never enlarged), and
    /// its codec.
    static let sizes: [String: (width: Int, height: Int, codec: String)] = [
        "640×480": (640, 480, "h264"), "960×540": (960, 540, "h264"), "1280×720": (1280, 720, "h264"),
        "1920×1080": (1920, 1080, "h264"), "3840×2160": (3840, 2160, "h264"), "HEVC 1920×1080": (1920, 1080, "hevc"),
        "HEVC 3840×2160": (3840, 2160, "hevc"),
    ]
    static let sizeOptions = [
        "Passthrough", "640×480", "960×540", "1280×720", "1920×1080", "3840×2160", "HEVC 1920×1080", "HEVC 3840×2160", "ProRes 422",
    ]

    /// A size as files spell it: `×` or `x`, any case.
    static func size(named name: String) -> String? {
        let key = name.replacingOccurrences(of: "x", with: "×").replacingOccurrences(of: "X", with: "×")
        return sizeOptions.first { $0.caseInsensitiveCompare(key) == .orderedSame }
    }

    /// ffmpeg's audio tempo filter for a speed: `atempo` takes 0.5 to 100, so slower speeds chain.
    static func tempo(_ speed: Double) -> String {
        var factors: [Double] = []
        var left = speed
        while left < 0.5 {
            factors.append(0.5)
            left /= 0.5
        }
        factors.append(left)
        return factors.map { "atempo=\($0)" }.joined(separator: ",")
    }

    static let encodeMedia = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.encodemedia", title: "Encode Media",
            description:
                "Re-encodes audio or video with ffmpeg: at a size (H.264, HEVC or ProRes; never enlarged), as audio only (M4A or AIFF), faster or slower, or with its metadata set or stripped.",
            parameters: [
                ParameterMetadata(key: "WFMedia", title: "Media", type: .file, isRequired: true, isList: true),
                ParameterMetadata(key: "WFMediaAudioOnly", title: "Audio Only", type: .boolean, defaultValue: "false"),
                ParameterMetadata(
                    key: "WFMediaAudioFormat", title: "Format", type: .enumeration, options: ["M4A", "AIFF"], defaultValue: "M4A"),
                ParameterMetadata(key: "WFMediaSize", title: "Size", type: .enumeration, options: sizeOptions, defaultValue: "Passthrough"),
                ParameterMetadata(
                    key: "WFMediaSpeed", title: "Speed", type: .enumeration, options: ["0.5X", "Normal", "2X", "Custom"],
                    defaultValue: "Normal"),
                ParameterMetadata(key: "WFMediaCustomSpeed", title: "Custom Speed", type: .number, minimum: 0.1, maximum: 10),
                ParameterMetadata(
                    key: "WFMediaPreserveTransparency", title: "Preserve Transparency", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "Metadata", title: "Metadata", type: .boolean, defaultValue: "false"),
                ParameterMetadata(key: "WFMetadataTitle", title: "Title", type: .text),
                ParameterMetadata(key: "WFMetadataArtist", title: "Artist", type: .text),
                ParameterMetadata(key: "WFMetadataAlbum", title: "Album", type: .text),
                ParameterMetadata(key: "WFMetadataGenre", title: "Genre", type: .text),
                ParameterMetadata(key: "WFMetadataYear", title: "Year", type: .text),
                ParameterMetadata(key: "WFMetadataArtwork", title: "Artwork", type: .file),
            ],
            inputParameter: "WFMedia", outputType: "Media", outputName: "Encoded Media",
            keywords: ["video", "audio", "convert", "compress", "m4a", "mp4", "speed", "metadata"])
    ) { parameters in
        let audioOnlyExpression = parameters["WFMediaAudioOnly"]
        let formatExpression = parameters["WFMediaAudioFormat"]
        let sizeExpression = parameters["WFMediaSize"]
        let speedExpression = parameters["WFMediaSpeed"]
        let customExpression = parameters["WFMediaCustomSpeed"]
        let transparencyExpression = parameters["WFMediaPreserveTransparency"]
        let metadataExpression = parameters["Metadata"]
        let tagExpressions = [
            ("title", parameters["WFMetadataTitle"]), ("artist", parameters["WFMetadataArtist"]), ("album", parameters["WFMetadataAlbum"]),
            ("genre", parameters["WFMetadataGenre"]), ("date", parameters["WFMetadataYear"]),
        ]
        let artworkExpression = parameters["WFMetadataArtwork"]
        return { input, run in
            let tools = try tools(run)
            let audioOnly = try run.bool(audioOnlyExpression) ?? false
            let format = try run.text(formatExpression) ?? "M4A"
            guard ["M4A", "AIFF"].contains(where: { $0.caseInsensitiveCompare(format) == .orderedSame }) else {
                throw ActionFailure("the audio format is M4A or AIFF, not \(format.debugDescription)", parameter: "WFMediaAudioFormat")
            }
            let sizeName = try run.text(sizeExpression) ?? "Passthrough"
            guard let size = size(named: sizeName) else {
                throw ActionFailure(
                    "\(sizeName.debugDescription) is not a size; the sizes are \(sizeOptions.joined(separator: ", "))",
                    parameter: "WFMediaSize")
            }
            let speedName = try run.text(speedExpression) ?? "Normal"
            let speed: Double
            switch speedName.lowercased() {
            case "0.5x": speed = 0.5
            case "normal", "1x": speed = 1
            case "2x": speed = 2
            case "custom":
                guard let custom = try run.number(customExpression, parameter: "WFMediaCustomSpeed") else {
                    throw ActionFailure("a custom speed needs a number", parameter: "WFMediaCustomSpeed")
                }
                guard custom.isFinite, custom >= 0.1, custom <= 10 else {
                    throw ActionFailure(
                        "a custom speed is 0.1 to 10 (1 is normal), not \(NumberText.format(custom))", parameter: "WFMediaCustomSpeed")
                }
                speed = custom
            default:
                throw ActionFailure("the speed is 0.5X, Normal, 2X or Custom, not \(speedName.debugDescription)", parameter: "WFMediaSpeed")
            }
            let transparency = try run.bool(transparencyExpression) ?? false
            let metadataOnly = try run.bool(metadataExpression) ?? false
            var tags: [(String, String)] = []
            for (key, expression) in tagExpressions {
                if let value = try run.text(expression), !value.isEmpty { tags.append((key, value)) }
            }
            let artwork = try run.content(artworkExpression)
            let folder = try run.scratchFolder("media")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return Content(
                items: try input.items.enumerated().map { offset, item in
                    try run.checkCancelled()
                    let (path, file) = try inputPath(item, folder: folder, run: run, parameter: "WFMedia")
                    let probe = try probe(path, tools: tools, run: run, parameter: "WFMedia")
                    var arguments = ["-i", path]
                    let inputExtension = (path as NSString).pathExtension.lowercased()
                    var output: String
                    if metadataOnly {
                        // Set or strip metadata: the streams copied as they are.
                        output = "out-\(offset)." + (inputExtension.isEmpty ? "mp4" : inputExtension)
                        if case .file(let picture) = artwork.items.first, !probe.hasVideo {
                            let (art, _) = try inputPath(.file(picture), folder: folder, run: run, parameter: "WFMetadataArtwork")
                            arguments += ["-i", art, "-map", "0:a", "-map", "1:v", "-disposition:v:0", "attached_pic"]
                        }
                        arguments += ["-map_metadata", tags.isEmpty ? "-1" : "0", "-c", "copy"]
                        for (key, value) in tags { arguments += ["-metadata", "\(key)=\(value)"] }
                    } else if audioOnly || !probe.hasVideo {
                        guard probe.hasAudio else {
                            throw ActionFailure("\(file.name) has no sound to encode as audio", parameter: "WFMedia")
                        }
                        let aiff = format.caseInsensitiveCompare("AIFF") == .orderedSame
                        output = "out-\(offset)." + (aiff ? "aiff" : "m4a")
                        arguments += ["-vn", "-map_metadata", "0"]
                        if speed != 1 { arguments += ["-filter:a", tempo(speed)] }
                        arguments += aiff ? ["-c:a", "pcm_s16be"] : ["-c:a", "aac", "-b:a", "256k"]
                    } else {
                        var filters: [String] = []
                        if let frame = sizes[size] {
                            filters.append(
                                "scale='min(\(frame.width),iw)':'min(\(frame.height),ih)':force_original_aspect_ratio=decrease")
                        }
                        if speed != 1 { filters.append("setpts=PTS/\(speed)") }
                        if size == "Passthrough", speed == 1 {
                            output = "out-\(offset)." + (inputExtension.isEmpty ? "mp4" : inputExtension)
                            arguments += ["-map", "0", "-c", "copy"]
                        } else if size == "ProRes 422" {
                            output = "out-\(offset).mov"
                            let alpha = transparency
                            if !filters.isEmpty { arguments += ["-filter:v", filters.joined(separator: ",")] }
                            arguments += [
                                "-c:v", "prores_ks", "-profile:v", alpha ? "4" : "2", "-pix_fmt", alpha ? "yuva444p10le" : "yuv422p10le",
                            ]
                            arguments += probe.hasAudio ? ["-c:a", "pcm_s16le"] : []
                            if speed != 1, probe.hasAudio { arguments += ["-filter:a", tempo(speed)] }
                        } else {
                            output = "out-\(offset).mp4"
                            // Even sides, as H.264 and HEVC in 4:2:0 need.
                            filters.append("scale=trunc(iw/2)*2:trunc(ih/2)*2")
                            arguments += ["-filter:v", filters.joined(separator: ",")]
                            arguments += sizes[size]?.codec == "hevc" ? ["-c:v", "libx265", "-tag:v", "hvc1"] : ["-c:v", "libx264"]
                            arguments += ["-pix_fmt", "yuv420p", "-movflags", "+faststart"]
                            if probe.hasAudio {
                                arguments += ["-c:a", "aac"]
                                if speed != 1 { arguments += ["-filter:a", tempo(speed)] }
                            }
                        }
                    }
                    return try encode(
                        arguments, output: output, name: file.baseName, folder: folder, tools: tools, run: run, parameter: "WFMedia")
                })
        }
    }

    // MARK: Trim Media

    /// A time as a person writes it: seconds (`90`, `12.5`) or `m:ss` / `h:mm:ss`.
    static func seconds(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let value = Double(part), value >= 0, value.isFinite, index == parts.count - 1 || value == value.rounded() else {
                return nil
            }
            total = total * 60 + value
        }
        return total
    }

    static let trimMedia = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.trimvideo", title: "Trim Media",
            description:
                "Asks where the audio or video should start and end (seconds, or m:ss) and outputs that part, re-encoded so it starts where asked.",
            parameters: [ParameterMetadata(key: "WFInputMedia", title: "Media", type: .file, isRequired: true)],
            inputParameter: "WFInputMedia", outputType: "Media", outputName: "Trimmed Media", keywords: ["cut", "clip", "video", "audio"])
    ) { _ in
        { input, run in
            let tools = try tools(run)
            let folder = try run.scratchFolder("media")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return Content(
                items: try input.items.enumerated().map { offset, item in
                    let (path, file) = try inputPath(item, folder: folder, run: run, parameter: "WFInputMedia")
                    let probe = try probe(path, tools: tools, run: run, parameter: "WFInputMedia")
                    let length = probe.duration ?? 0
                    let shownLength = NumberText.format((length * 100).rounded() / 100)
                    let startText = try run.environment.prompter.ask(
                        "Trim \(file.name) (\(shownLength) s): start at (seconds, or m:ss)", defaultAnswer: "0", inputType: "Text")
                    let endText = try run.environment.prompter.ask(
                        "Trim \(file.name): end at (seconds, or m:ss)", defaultAnswer: shownLength, inputType: "Text")
                    guard let start = seconds(startText), let end = seconds(endText) else {
                        throw ActionFailure(
                            "a time is seconds or m:ss, not \((seconds(startText) == nil ? startText : endText).debugDescription)",
                            parameter: "WFInputMedia")
                    }
                    guard start < end, length == 0 || start < length else {
                        throw ActionFailure(
                            "the part to keep starts at \(NumberText.format(start)) s and ends at \(NumberText.format(end)) s, in media of \(shownLength) s",
                            parameter: "WFInputMedia")
                    }
                    let ext = (path as NSString).pathExtension.lowercased()
                    let kept = min(end, length > 0 ? length : end) - start
                    var arguments = ["-ss", String(start), "-t", String(kept), "-i", path]
                    if probe.hasVideo { arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p"] }
                    return try encode(
                        arguments, output: "out-\(offset)." + (ext.isEmpty ? (probe.hasVideo ? "mp4" : "m4a") : ext), name: file.baseName,
                        folder: folder, tools: tools, run: run, parameter: "WFInputMedia")
                })
        }
    }

    // MARK: Make Video from GIF

    static let videoFromGIF = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.makevideofromgif", title: "Make Video from GIF",
            description: "Turns an animated GIF into an H.264 video (MP4), played through as many times as the loop count says.",
            parameters: [
                ParameterMetadata(key: "WFInputGIF", title: "Image", type: .file, isRequired: true),
                ParameterMetadata(
                    key: "WFMakeVideoFromGIFActionLoopCount", title: "Loops", type: .integer, defaultValue: "1", minimum: 1, maximum: 1_000),
            ],
            inputParameter: "WFInputGIF", outputType: "Media", outputName: "Video", keywords: ["gif", "video", "mp4", "animation"])
    ) { parameters in
        let loopExpression = parameters["WFMakeVideoFromGIFActionLoopCount"]
        return { input, run in
            let loops = try run.wholeNumber(
                loopExpression, parameter: "WFMakeVideoFromGIFActionLoopCount", in: 1...1_000, default: 1, what: "a loop count")
            let tools = try tools(run)
            let folder = try run.scratchFolder("media")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            return Content(
                items: try input.items.enumerated().map { offset, item in
                    guard case .file(let gif) = item, gif.data.starts(with: Data("GIF8".utf8)) else {
                        throw ActionFailure("expected a GIF, got \(item.quotedForError)", parameter: "WFInputGIF")
                    }
                    let (path, _) = try inputPath(item, folder: folder, run: run, parameter: "WFInputGIF")
                    let arguments = [
                        "-stream_loop", String(loops - 1), "-i", path, "-filter:v", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264",
                        "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an",
                    ]
                    return try encode(
                        arguments, output: "out-\(offset).mp4", name: gif.baseName, folder: folder, tools: tools, run: run,
                        parameter: "WFInputGIF")
                })
        }
    }
}
