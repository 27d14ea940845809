export { IMAGE_FORMATS, type ImageFormat, imageBytes } from './image-bytes.js';
export { type ContentHost, startContentHost } from './start-content-host.js';
