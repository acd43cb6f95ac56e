import FilmKit
import Imaging

let video = VideoLook(try FilterRegistry.shared.makeFilter("cinestill-800t"), seed: 7)
let frame = try PixelBuffer(width: 1920, height: 1080, bands: 3, samples: [UInt8](repeating: 90, count: 1920 * 1080 * 3))
let filmed: PixelBuffer = try video.render(frame, index: 0)   // or video.apply(to: image, index: n), lazily
var output = filmed
for index in 1..<30 { try video.render(frame, index: index, into: &output) }  // one buffer for every frame
