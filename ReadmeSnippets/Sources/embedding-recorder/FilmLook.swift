import FilmKit
import RecorderKit

func filmLook(on recorder: EventRecorder) throws {
    try recorder.setExportFilter(named: "kodak-portra-400", registry: .shared)
}
