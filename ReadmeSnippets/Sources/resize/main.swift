import Foundation
import Imaging

let photo = try Image(contentsOf: URL(fileURLWithPath: "in.jpg"))
let small = try photo.resized(width: 800, height: 600)
try small.write(to: URL(fileURLWithPath: "small.jpg"), as: .jpeg(quality: 85))
