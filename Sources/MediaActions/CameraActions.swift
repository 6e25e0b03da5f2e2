import ActionSupport
import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Take Photo and Take Video from the computer's camera: a Video4Linux device (`/dev/video0`, the first that
/// answers; `SHORTCUTS_CAMERA` names another) read by ffmpeg, its first second of frames let go
/// by so the camera's exposure settles, as a phone's camera does before the shutter. Front and
/// Back are the first and second camera. `SHORTCUTS_CAMERA` may also name a video file, which
/// is then read as if it were the camera.
enum CameraActions {
    static let all: [ActionDefinition] = [takePhoto, takeVideo]

    /// The cameras there are, in order: `SHORTCUTS_CAMERA`, else the video devices.
    static func cameras(_ run: RunContext) -> [String] {
        if let chosen = run.environment.variables["SHORTCUTS_CAMERA"], !chosen.isEmpty { return [chosen] }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return devices.filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }.map { "/dev/" + $0 }
    }

    /// Whether a path is a device (a camera) rather than a file standing in for one.
    static func isDevice(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }

    /// One photo from a camera, as JPEG bytes, or `nil` when the device gives no picture (a
    /// camera's second node carries only metadata).
    static func photo(from camera: String, tools: (ffmpeg: String, ffprobe: String), folder: String, index: Int, run: RunContext) throws
        -> Data?
    {
        let output = folder + "/photo-\(index).jpeg"
        let input = isDevice(camera) ? ["-f", "v4l2", "-i", camera] : ["-i", camera]
        let arguments =
            ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + input
            + ["-vf", "select=gte(t\\,1)", "-frames:v", "1", "-q:v", "2", output]
        let outcome = try run.runProgram(
            tools.ffmpeg, arguments: arguments, environment: run.environment.variables, timeout: 30)
        try outcome.throwIfCancelled()
        guard outcome.status == 0, let data = FileManager.default.contents(atPath: output), !data.isEmpty else { return nil }
        return data
    }

    static let takePhoto = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.takephoto", title: "Take Photo",
            description:
                "Takes photos with the computer's camera (a Video4Linux device, through ffmpeg), after a second for its exposure to settle.",
            parameters: [
                ParameterMetadata(key: "WFPhotoCount", title: "Photos", type: .integer, defaultValue: "1", minimum: 1, maximum: 100),
                ParameterMetadata(key: "WFCameraCaptureShowPreview", title: "Show Camera Preview", type: .boolean, defaultValue: "true"),
                ParameterMetadata(
                    key: "WFCameraCaptureDevice", title: "Camera", type: .enumeration, options: ["Front", "Back"], defaultValue: "Front"),
            ],
            outputType: "Image", outputName: "Photo", keywords: ["camera", "webcam", "picture", "selfie"])
    ) { parameters in
        let (countExpression, deviceExpression) = (parameters["WFPhotoCount"], parameters["WFCameraCaptureDevice"])
        return { _, run in
            let count = try run.wholeNumber(
                countExpression, parameter: "WFPhotoCount", in: 1...100, default: 1, what: "the number of photos")
            let tools = try MediaEncodingActions.tools(run)
            let folder = try run.scratchFolder("camera")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let (chosen, first) = try camera(deviceExpression, tools: tools, folder: folder, run: run)
            var photos = [first]
            while photos.count < count {
                try run.checkCancelled()
                guard let next = try photo(from: chosen, tools: tools, folder: folder, index: photos.count, run: run) else {
                    throw ActionFailure("the camera \(chosen) stopped giving pictures", parameter: "WFPhotoCount")
                }
                photos.append(next)
            }
            let stamp = ISO8601.string(from: run.environment.now()).prefix(19).replacingOccurrences(of: ":", with: "-")
            return Content(
                items: photos.enumerated().map { index, data in
                    .file(
                        FileContent(
                            name: "Photo \(stamp)" + (count > 1 ? " \(index + 1)" : "") + ".jpeg", data: data, typeIdentifier: "public.jpeg"
                        ))
                })
        }
    }

    /// Take Video's qualities, as the largest frame the video fits into.
    static let qualities: [String: (width: Int, height: Int)] = ["low": (640, 480), "medium": (1280, 720), "high": (1920, 1080)]

    /// The longest video, in seconds.
    static let longestVideo = 3_600.0

    /// The camera the Camera parameter chooses (Front the first that gives pictures, Back the
    /// second: each camera has a picture node and, often, a metadata node), with the photo that
    /// showed it gives pictures; a failure names the parameter.
    static func camera(_ expression: ParameterExpression, tools: (ffmpeg: String, ffprobe: String), folder: String, run: RunContext)
        throws -> (camera: String, photo: Data)
    {
        let side = try run.text(expression) ?? "Front"
        guard let wanted = ["front": 1, "back": 2][side.lowercased()] else {
            throw ActionFailure("the camera is Front or Back, not \(side.debugDescription)", parameter: "WFCameraCaptureDevice")
        }
        var found: [(camera: String, photo: Data)] = []
        for camera in cameras(run) where found.count < wanted {
            if let picture = try photo(from: camera, tools: tools, folder: folder, index: found.count, run: run) {
                found.append((camera, picture))
            }
        }
        guard found.count == wanted else {
            throw ActionFailure(
                wanted == 2 && found.count == 1
                    ? "this computer has one camera; choose Front"
                    : "no camera gives a picture here (none in /dev/video*, or SHORTCUTS_CAMERA)",
                parameter: "WFCameraCaptureDevice")
        }
        return found[wanted - 1]
    }

    static let takeVideo = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.takevideo", title: "Take Video",
            description:
                "Records a video (H.264, MP4) with the computer's camera through ffmpeg, from when the person says start (or at once) until they say stop, at least a second and at most an hour.",
            parameters: [
                ParameterMetadata(
                    key: "WFCameraCaptureDevice", title: "Camera", type: .enumeration, options: ["Front", "Back"], defaultValue: "Front"),
                ParameterMetadata(
                    key: "WFCameraCaptureQuality", title: "Quality", type: .enumeration, options: ["Low", "Medium", "High"],
                    defaultValue: "High"),
                ParameterMetadata(
                    key: "WFRecordingStart", title: "Start Recording", type: .enumeration, options: ["On Tap", "Immediately"],
                    defaultValue: "Immediately"),
            ],
            outputType: "Media", outputName: "Video", keywords: ["camera", "webcam", "record", "movie"])
    ) { parameters in
        let (deviceExpression, qualityExpression, startExpression) = (
            parameters["WFCameraCaptureDevice"], parameters["WFCameraCaptureQuality"], parameters["WFRecordingStart"]
        )
        return { _, run in
            let qualityName = try run.text(qualityExpression) ?? "High"
            guard let frame = qualities[qualityName.lowercased()] else {
                throw ActionFailure(
                    "the quality is Low, Medium or High, not \(qualityName.debugDescription)", parameter: "WFCameraCaptureQuality")
            }
            let start = try run.text(startExpression) ?? "Immediately"
            guard ["on tap", "immediately"].contains(start.lowercased()) else {
                throw ActionFailure(
                    "Start Recording is On Tap or Immediately, not \(start.debugDescription)", parameter: "WFRecordingStart")
            }
            let tools = try MediaEncodingActions.tools(run)
            let folder = try run.scratchFolder("camera")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let chosen = try camera(deviceExpression, tools: tools, folder: folder, run: run).camera
            if start.lowercased() == "on tap" {
                _ = try run.environment.prompter.confirm(title: "Take Video", message: "Choose OK to start recording.", allowsCancel: false)
            }
            let output = folder + "/video.mp4"
            // A file standing in for the camera is read at its own pace, as a camera gives frames.
            let input = isDevice(chosen) ? ["-f", "v4l2", "-i", chosen] : ["-re", "-i", chosen]
            let scale =
                "scale='min(\(frame.width),iw)':'min(\(frame.height),ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2"
            var arguments = ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + input
            arguments += [
                "-vf", scale, "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an", "-t", String(Int(longestVideo)),
            ]
            if run.limits.valueBytes > 0 { arguments += ["-fs", String(run.limits.valueBytes)] }
            // ffmpeg reports how much it has recorded; a second of wall time is less on a busy machine.
            let progress = folder + "/progress"
            arguments += ["-progress", progress, "-stats_period", "0.1", "-movflags", "+faststart", output]
            let recorder = try run.startProgram(tools.ffmpeg, arguments: arguments, environment: run.environment.variables)
            let began = ContinuousClock.now
            _ = try? run.environment.prompter.confirm(title: "Take Video", message: "Choose OK to stop recording.", allowsCancel: false)
            // At least a second of video, however quickly the person says stop (and at most ten
            // seconds' wait for it, should the camera stall).
            while Self.recordedSeconds(in: progress) < 1, ContinuousClock.now - began < .seconds(10), recorder.isRunning,
                !run.cancellation.isCancelled
            {
                usleep(20_000)
            }
            recorder.stop()
            if run.cancellation.isCancelled { throw ActionFailure("the run was stopped", code: .cancelled) }
            guard let data = FileManager.default.contents(atPath: output), !data.isEmpty else {
                throw ActionFailure("ffmpeg recorded nothing from \(chosen)", parameter: "WFCameraCaptureDevice")
            }
            let stamp = ISO8601.string(from: run.environment.now()).prefix(19).replacingOccurrences(of: ":", with: "-")
            return .file(FileContent(name: "Video \(stamp).mp4", data: data, typeIdentifier: "public.mpeg-4"))
        }

    }

    /// How much video ffmpeg's progress file says it has written (its last `out_time_us`).
    static func recordedSeconds(in progress: String) -> Double {
        guard let text = try? String(contentsOfFile: progress, encoding: .utf8),
            let line = text.split(separator: "\n").last(where: { $0.hasPrefix("out_time_us=") }),
            let microseconds = Double(line.dropFirst("out_time_us=".count))
        else { return 0 }
        return microseconds / 1e6
    }
}
