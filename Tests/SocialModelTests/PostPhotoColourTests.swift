import Foundation
import Imaging
import PixelTestSupport
import SocialModel
import SocialModelPhotos
import SocialModelTesting
import TestSupport
import Testing

/// A photo posted keeps its colours: a Display P3 photo (every iPhone's) is converted into the
/// working space before it is stored, and the stored JPEG, stripped of its metadata, still
/// carries the sRGB profile that says what its numbers mean.
@Suite("Colour of posted photos")
struct PostPhotoColourTests {
    @Test(arguments: [8, 16])
    func aDisplayP3PhotoPostedKeepsItsColours(depth: Int) async throws {
        let cms = try LittleCMS.shared.get()
        // The 64 × 64 scene in Display P3 (the harness bounds posts to 64 pixels, so no resizing).
        let scene = try ColourScene.image(in: .displayP3, depth: depth, cms: cms)
        let photo = try scene.encoded(as: depth == 8 ? .jpeg(quality: 100) : .png())
        let sRGBPhoto = try ColourScene.image(in: .sRGB, depth: 8, cms: cms).encoded(as: .png())
        // The P3 numbers read as sRGB (the profile dropped before conversion): what a post looked like before.
        let misread = try ColourScene.image(in: .displayP3, depth: 8, embedProfile: false, cms: cms).encoded(as: .png())
        try await StoreKind.inMemory.withHarness { h in
            let ana = try await h.signedIn("ana")
            let reference = try await ana.posts.publish(PostDraft(photo: sRGBPhoto))
            let post = try await ana.posts.publish(PostDraft(photo: photo))
            let wrong = try await ana.posts.publish(PostDraft(photo: misread))

            let stored = try Image(data: try await h.network.postPhoto(postID: post.id, size: 64))
            let expected = try ColourScene.patchColours(
                Image(data: try await h.network.postPhoto(postID: reference.id, size: 64)), cms: cms)

            #expect(stored.width == 64 && stored.height == 64)
            #expect(stored.exifData == nil && stored.iccProfile != nil && stored.isInWorkingSpace)
            // The same scene posted as 8-bit sRGB: both went through the processor's Q85 JPEG, whose
            // chroma subsampling smears the scene's small saturated patches into each other a little.
            let difference = ColourScene.largestDifference(
                try ColourScene.patchColours(stored, cms: cms), expected, cms: cms)
            let misreadStored = try Image(data: try await h.network.postPhoto(postID: wrong.id, size: 64))
            let misreadDifference = ColourScene.largestDifference(
                try ColourScene.patchColours(misreadStored, cms: cms), expected, cms: cms)
            #expect(misreadDifference > 8, "the check tells: ΔE2000 \(misreadDifference) when misread")
            #expect(difference <= 4, "ΔE2000 \(difference)")
        }
    }
}
