export {
  scaleMarkingPhoto,
  fitLongEdge,
  jpegName,
  SCALE_ABOVE_BYTES,
  SCALE_ABOVE_EDGE,
  SCALED_LONG_EDGE,
} from './scale-photo';
export { photoThumbnailUrl, THUMBNAIL_EDGE } from './thumbnail-url';
