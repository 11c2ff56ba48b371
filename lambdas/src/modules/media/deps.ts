import type { MediaLibraryDeps } from './domain/media';
import { LambdaImageProcessor } from './adapters/image-processor';
import { DynamoMediaRepository } from './adapters/media-repository';
import { DynamoSiteImages } from './adapters/media-usage';
import { S3MediaObjects } from './adapters/media-objects';
import { DynamoPostStore } from '../posts/adapters/post-store';

// Created once per cold start; each reads its clients and names at call time.
const media = new DynamoMediaRepository();
const objects = new S3MediaObjects();
const images = new LambdaImageProcessor();
const posts = new DynamoPostStore();
const site = new DynamoSiteImages();

/**
 * The AWS implementations of the media library's ports (posts, pages and settings: to name where
 * an image is used).
 */
export const mediaDeps = (): MediaLibraryDeps => ({ media, objects, images, posts, site });
