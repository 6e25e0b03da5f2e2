import Foundation
import ShortcutsTestSupport
import Testing

/// Encode Media, Trim Media and Make Video from GIF through the built `shortcuts` and FFmpeg, on
/// a clip and a GIF ffmpeg makes here; what comes out is read back with ffprobe.
@Suite(.serialized) struct MediaEncodingTests {
    let runner: CommandRunner
    let clip: String
    let gif: String

    init() throws {
        runner = try CommandRunner()
        clip = runner.directory.path + "/clip.mp4"
        gif = runner.directory.path + "/spin.gif"
        let made = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=25:duration=2", "-f", "lavfi",
                "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-metadata",
                "title=Test card",
                "-shortest", clip,
            ])
        #expect(made.status == 0, "\(made.error)")
        let animated = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=96x64:rate=10:duration=1", gif])
        #expect(animated.status == 0, "\(animated.error)")
    }

    /// What ffprobe reads of a file: `codec width height` for each stream, then `duration=…`
    /// and the title tag.
    func probe(_ path: String) throws -> (streams: [String], duration: Double, title: String?) {
        let result = try ProcessRun.run(
            "/usr/bin/ffprobe",
            ["-v", "error", "-show_entries", "format=duration:format_tags=title:stream=codec_name,width,height", "-of", "json", path])
        #expect(result.status == 0, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let streams = (json["streams"] as? [[String: Any]] ?? []).map { stream in
            [stream["codec_name"] as? String, (stream["width"] as? Int).map(String.init), (stream["height"] as? Int).map(String.init)]
                .compactMap { $0 }.joined(separator: " ")
        }
        let format = json["format"] as? [String: Any] ?? [:]
        return (streams, Double(format["duration"] as? String ?? "") ?? 0, (format["tags"] as? [String: String])?["title"])
    }

    func run(_ source: String, input: String? = nil, output: String, answers: String? = nil) throws -> CommandResult {
        let file = try runner.write(Data("@input file\n\(source)\n".utf8), to: "media-\(UUID().uuidString).sct")
        var arguments = ["run", file, "-o", output, "--allow-reading", runner.directory.path]
        if let input { arguments += ["-i", input] }
        if let answers { arguments += ["--answers", try runner.write(Data(answers.utf8), to: "answers-\(UUID().uuidString).txt")] }
        return try runner.run(arguments)
    }

    @Test func encodeMediaFitsTheSizeAndChangesTheSpeed() throws {
        let small = runner.directory.path + "/small.mp4"
        let result = try run(
            #"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSize: "640×480", WFMediaSpeed: "2X""#, input: clip,
            output: small)
        #expect(result.status == 0, "\(result.error)")
        let read = try probe(small)
        // 16:9 fits 640×480 as 640×360; twice as fast is half as long.
        #expect(read.streams == ["h264 640 360", "aac"], "\(read.streams)")
        #expect(abs(read.duration - 1) < 0.15, "\(read.duration)")
        let hevc = runner.directory.path + "/hevc.mp4"
        let custom = try run(
            #"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSize: "HEVC 1920×1080", WFMediaSpeed: "Custom", WFMediaCustomSpeed: 0.5"#,
            input: clip, output: hevc)
        #expect(custom.status == 0, "\(custom.error)")
        let slow = try probe(hevc)
        // Never enlarged: 1280×720 stays so in a 1920×1080 frame.
        #expect(slow.streams == ["hevc 1280 720", "aac"] && abs(slow.duration - 4) < 0.2, "\(slow)")
        let prores = runner.directory.path + "/prores.mov"
        #expect(
            try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSize: "ProRes 422""#, input: clip, output: prores)
                .status == 0)
        #expect(try probe(prores).streams == ["prores 1280 720", "pcm_s16le"])
    }

    @Test func audioOnlyAndMetadata() throws {
        let m4a = runner.directory.path + "/sound.m4a"
        #expect(
            try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaAudioOnly: true"#, input: clip, output: m4a).status
                == 0)
        #expect(try probe(m4a).streams == ["aac"])
        let aiff = runner.directory.path + "/sound.aiff"
        let asAIFF = try run(
            #"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaAudioOnly: true, WFMediaAudioFormat: "AIFF""#, input: clip,
            output: aiff)
        #expect(asAIFF.status == 0, "\(asAIFF.error)")
        #expect(try probe(aiff).streams == ["pcm_s16be"])
        // Metadata set on a copy of the streams, or stripped.
        let titled = runner.directory.path + "/titled.mp4"
        let set = try run(
            #"is.workflow.actions.encodemedia WFMedia: ShortcutInput, Metadata: true, WFMetadataTitle: "Moon landing", WFMetadataYear: "1969""#,
            input: clip, output: titled)
        #expect(set.status == 0, "\(set.error)")
        #expect(try probe(titled).title == "Moon landing" && probe(titled).streams == ["h264 1280 720", "aac"])
        #expect(try probe(clip).title == "Test card")
        let stripped = runner.directory.path + "/stripped.mp4"
        #expect(
            try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput, Metadata: true"#, input: clip, output: stripped).status == 0)
        #expect(try probe(stripped).title == nil)
    }

    @Test func trimMediaKeepsThePartAskedFor() throws {
        let trimmed = runner.directory.path + "/trimmed.mp4"
        let result = try run(
            "is.workflow.actions.trimvideo WFInputMedia: ShortcutInput", input: clip, output: trimmed, answers: "0.5\n0:01.5\n")
        #expect(result.status == 0, "\(result.error)")
        let read = try probe(trimmed)
        #expect(abs(read.duration - 1) < 0.15 && read.streams.first == "h264 1280 720", "\(read)")
        let backwards = try run(
            "is.workflow.actions.trimvideo WFInputMedia: ShortcutInput", input: clip, output: runner.directory.path + "/x.mp4",
            answers: "1.5\n1\n")
        #expect(backwards.status == 1 && backwards.error.contains("starts at 1.5 s and ends at 1 s"), "\(backwards.error)")
    }

    @Test func aGIFBecomesAVideoThatLoops() throws {
        let video = runner.directory.path + "/spin.mp4"
        let result = try run(
            "is.workflow.actions.makevideofromgif WFInputGIF: ShortcutInput, WFMakeVideoFromGIFActionLoopCount: 3", input: gif,
            output: video)
        #expect(result.status == 0, "\(result.error)")
        let read = try probe(video)
        #expect(read.streams == ["h264 96 64"] && abs(read.duration - 3) < 0.25, "\(read)")
        let notAGIF = try run("is.workflow.actions.makevideofromgif WFInputGIF: ShortcutInput", input: clip, output: video)
        #expect(notAGIF.status == 1 && notAGIF.error.contains("WFInputGIF") && notAGIF.error.contains("expected a GIF"), "\(notAGIF.error)")
    }

    @Test func badInputSaysWhy() throws {
        let text = try runner.write(Data("not a video".utf8), to: "notes.mp4")
        let out = runner.directory.path + "/never.mp4"
        let refused = try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSize: "640×480""#, input: text, output: out)
        #expect(
            refused.status == 1 && refused.error.contains("WFMedia")
                && refused.error.contains("notes.mp4 is not audio or video FFmpeg reads"),
            "\(refused.error)")
        let speed = try run(
            #"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSpeed: "Custom", WFMediaCustomSpeed: 0"#, input: clip,
            output: out)
        #expect(speed.status == 1 && speed.error.contains("WFMediaCustomSpeed"), "\(speed.error)")
        let size = try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput, WFMediaSize: "8K""#, input: clip, output: out)
        #expect(size.status == 1 && size.error.contains("WFMediaSize") && size.error.contains("\"8K\" is not a size"), "\(size.error)")
        // Without FFmpeg on the PATH, the error names its package.
        runner.extraEnvironment["PATH"] = "/nonexistent"
        let missing = try run(#"is.workflow.actions.encodemedia WFMedia: ShortcutInput"#, input: clip, output: out)
        #expect(missing.status == 1 && missing.error.contains("apt-get install ffmpeg"), "\(missing.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
