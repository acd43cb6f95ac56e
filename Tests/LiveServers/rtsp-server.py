#!/usr/bin/python3
"""A GStreamer RTSP server on loopback for RecorderKit's live-source tests and benchmarks.

Serves the video of FILE (any container parsebin reads: MP4, Matroska, raw H.264/H.265) at
rtsp://127.0.0.1:PORT/stream, paced by its timestamps, without re-encoding. Prints one line,
"listening PORT", once clients can connect; runs until killed.

    rtsp-server.py --file clip.mp4 [--port 0] [--shared] [--audio]

--port 0 picks a free port. --shared lets every client watch one stream (a camera's behaviour);
otherwise each client gets the file from its start. --audio also serves the file's AAC track
(RTP MPEG4-GENERIC, as cameras send it) as a second stream.
"""
import argparse
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

PAYLOADERS = {"video/x-h264": "rtph264pay", "video/x-h265": "rtph265pay"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--codec", choices=["h264", "h265"], default="h264")
    parser.add_argument("--shared", action="store_true")
    parser.add_argument("--audio", action="store_true")
    arguments = parser.parse_args()

    Gst.init(None)
    payloader = "rtph264pay" if arguments.codec == "h264" else "rtph265pay"
    parse = "h264parse" if arguments.codec == "h264" else "h265parse"
    location = arguments.file.replace("\\", "\\\\").replace('"', '\\"')
    # config-interval=-1 repeats the parameter sets before every key frame, as cameras do, so a
    # client that joins (or rejoins) mid-stream can start at the next key frame.
    if arguments.audio:
        # Two streams from one demuxer: each branch needs a queue, or the first to preroll blocks the other.
        launch = (
            f'( filesrc location="{location}" ! parsebin name=demux demux. ! queue ! {parse} config-interval=-1 '
            f"! {payloader} name=pay0 pt=96 config-interval=-1 demux. ! queue ! aacparse ! rtpmp4gpay name=pay1 pt=97 )"
        )
    else:
        launch = (
            f'( filesrc location="{location}" ! parsebin ! {parse} config-interval=-1 '
            f"! {payloader} name=pay0 pt=96 config-interval=-1 )"
        )
    factory = GstRtspServer.RTSPMediaFactory()
    factory.set_launch(launch)
    factory.set_shared(arguments.shared)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(str(arguments.port))
    server.get_mount_points().add_factory("/stream", factory)
    if server.attach(None) == 0:
        print(f"cannot listen on port {arguments.port}", file=sys.stderr)
        sys.exit(1)
    print(f"listening {server.get_bound_port()}", flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
