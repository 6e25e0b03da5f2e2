import Foundation
import ShortcutsTestSupport
import Testing

/// Take Photo through the built `shortcuts` and ffmpeg, with a video ffmpeg makes here standing
/// in for the camera (`SHORTCUTS_CAMERA`: a video file is read as if it were one).
@Suite(.serialized) struct TakePhotoTests {
    let runner: CommandRunner

    init() throws {
        runner = try CommandRunner()
        let camera = runner.directory.path + "/camera.mp4"
        // Red for the first half second, while the "exposure settles", then blue.
        let made = try ProcessRun.run(
            "/usr/bin/ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=red:size=320x240:rate=25:duration=0.5", "-f",
                "lavfi",
                "-i", "color=c=blue:size=320x240:rate=25:duration=2", "-filter_complex", "[0][1]concat=n=2:v=1", "-pix_fmt", "yuv420p",
                camera,
            ])
        #expect(made.status == 0, "\(made.error)")
        runner.extraEnvironment["SHORTCUTS_CAMERA"] = camera
    }

    func take(_ line: String, output: String) throws -> CommandResult {
        let file = try runner.write(Data("\(line)\n".utf8), to: "photo-\(UUID().uuidString).sct")
        return try runner.run(["run", file, "-o", output])
    }

    /// ffprobe's reading of a photo: codec, width, height, and the colour of its middle pixel.
    func probe(_ path: String) throws -> String {
        let read = try ProcessRun.run(
            "/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0", path])
        // Two by two pixels (the least 4:2:0 can crop), as decimal bytes.
        let pixel = try ProcessRun.run(
            "/bin/sh",
            [
                "-c",
                "/usr/bin/ffmpeg -hide_banner -loglevel error -i \"$0\" -vf crop=2:2:160:120 -f rawvideo -pix_fmt rgb24 - | od -An -tu1",
                path,
            ])
        let rgb = pixel.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let colour = rgb.count >= 3 ? (rgb[2] > 200 && rgb[0] < 60 ? "blue" : rgb[0] > 200 && rgb[2] < 60 ? "red" : "other") : "none"
        return read.output.trimmingCharacters(in: .whitespacesAndNewlines) + " " + colour
    }

    @Test func aPhotoIsTakenOnceTheExposureSettles() throws {
        let photo = runner.directory.path + "/photo.jpeg"
        let result = try take("is.workflow.actions.takephoto", output: photo)
        #expect(result.status == 0, "\(result.error)")
        #expect(try probe(photo) == "mjpeg,320,240 blue", "the first second's frames are let go by")
        let file = try runner.write(Data("photos = is.workflow.actions.takephoto WFPhotoCount: 3\nCount photos\n".utf8), to: "three.sct")
        let several = try runner.run(["run", file])
        #expect(several.status == 0 && several.output == "3\n", "\(several.output) \(several.error)")
    }

    @Test func aMissingCameraSaysWhy() throws {
        let back = try take(#"is.workflow.actions.takephoto WFCameraCaptureDevice: "Back""#, output: runner.directory.path + "/x.jpeg")
        #expect(back.status == 1 && back.error.contains("this computer has one camera"), "\(back.error)")
        runner.extraEnvironment["SHORTCUTS_CAMERA"] = try runner.write(Data("not a camera".utf8), to: "fake-camera")
        let none = try take("is.workflow.actions.takephoto", output: runner.directory.path + "/y.jpeg")
        #expect(none.status == 1 && none.error.contains("no camera gives a picture"), "\(none.error)")
    }

    @Test func aVideoIsRecordedUntilThePersonSaysStop() throws {
        let video = runner.directory.path + "/video.mp4"
        let result = try take(#"is.workflow.actions.takevideo WFCameraCaptureQuality: "Low""#, output: video)
        #expect(result.status == 0, "\(result.error)")
        // Told to stop at once (the scripted answer), it keeps the least, a second.
        let read = try ProcessRun.run(
            "/usr/bin/ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=codec_name,width,height", "-of", "csv=p=0", video])
        let fields = read.output.split(whereSeparator: \.isNewline).map(String.init)
        #expect(fields.first == "h264,320,240", "\(fields)")
        let duration = fields.count > 1 ? Double(fields[1]) ?? 0 : 0
        #expect(duration >= 0.8 && duration < 2.5, "\(duration) s")
        let quality = try take(#"is.workflow.actions.takevideo WFCameraCaptureQuality: "Ultra""#, output: video)
        #expect(quality.status == 1 && quality.error.contains("WFCameraCaptureQuality"), "\(quality.error)")
    }
}
