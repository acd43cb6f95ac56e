import Foundation
import GalleryKit
import GalleryKitMocks
import Imaging
import RecorderKit
import RecorderKitMocks
import Testing

@Test func savesIntoAnAlbum() async throws {
    let library = InMemoryPhotoLibrary()
    let album = try await library.createLocation(named: "Trip", kind: .album)
    let photo = try Image.solid(width: 4, height: 4, value: [10, 20, 30])
    _ = try await library.save(.image(photo), to: album.id, metadata: PhotoMetadata(captureDate: Date()))
    #expect(try await library.photoCount(in: album.id) == 1)
}

@Test func capturesASegmentOnAnEvent() throws {
    let recorder = MockVideoRecorder()
    try recorder.startRecording()
    try recorder.captureSegment()
    #expect(recorder.calls == [.startRecording, .captureSegment])
}
