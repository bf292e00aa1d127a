import { CloudFormationClient, DescribeStacksCommand, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  DescribeFunctionCommand,
  GetDistributionConfigCommand,
  GetFunctionCommand,
  PublishFunctionCommand,
  UpdateFunctionCommand,
  type GetDistributionConfigCommandOutput,
  type GetFunctionCommandOutput,
} from '@aws-sdk/client-cloudfront';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type ListObjectsV2CommandInput,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { createHash } from 'node:crypto';
import type { PublishClients } from '../../bin/publish/run-publish.js';
import { frontDoorFunctionCode, frontDoorRouting } from '../../lib/edge/front-door-function.js';
import { NOT_FOUND_PAGE } from '../../lib/front-door-paths.js';
import { SITE_OUTPUTS } from '../../lib/site-outputs.js';
import { STACK_NAMES } from '../../lib/stack-names.js';

export const ACCOUNT = '123456789012';
export const REGION = 'eu-west-1';
export const BUCKET = 'personalsite-frontdoorpagesbucket-abc123';
export const DISTRIBUTION = 'E2EXAMPLE123';
const FUNCTION_NAME = 'PersonalSite-FrontDoorRouting';
const FUNCTION_ARN = `arn:aws:cloudfront::${ACCOUNT}:function/${FUNCTION_NAME}`;
/** The front door function's configuration as the deploy made it, which an update must keep whole. */
export const FUNCTION_CONFIG = { Comment: 'Paths of the route table to the API', Runtime: 'cloudfront-js-2.0' } as const;

/** An object of the fake bucket: its bytes, the type it was given, its ETag as S3 would make it. */
export interface StoredObject {
  readonly body: Buffer;
  readonly contentType?: string;
  readonly etag: string;
  /** The size of the parts it was uploaded in, if it was. */
  readonly partBytes?: number;
}

/** One version of a key in the fake bucket, or a delete marker (without a body). */
export interface StoredVersion {
  readonly key: string;
  readonly versionId: string;
  readonly lastModified: Date;
  readonly isLatest: boolean;
  readonly body?: Buffer;
}

/**
 * A deployment with siteDir, as `npm run publish` meets it, every answer mocked
 * (aws-sdk-client-mock): the stack's outputs, a bucket that keeps what is put in it and answers
 * its listing with S3's ETags, the distribution with its function, and the invalidations made.
 */
export interface MockedDeployment {
  readonly clients: PublishClients;
  /** The bucket's objects, by key. */
  readonly bucket: Map<string, StoredObject>;
  outputs: Record<string, string>;
  /** The code of the front door's function as CloudFront runs it (its LIVE stage). */
  functionCode: string;
  /**
   * Its DEVELOPMENT stage, which UpdateFunction changes and PublishFunction copies to LIVE, and
   * that stage's ETag, which each of them requires as If-Match (PreconditionFailed otherwise).
   */
  developmentCode: string;
  functionEtag: string;
  /** Each CloudFront Functions call that changes something, by command name, with its input. */
  readonly functionCalls: Array<{ command: string; input: Record<string, unknown> }>;
  /** Makes UpdateFunction fail with this error, as CloudFront would refuse it. */
  failFunctionUpdate: Error | undefined;
  /** Whether the distribution answers a 404 with /404.html. */
  notFoundPage: boolean;
  /** Each invalidation's paths, in order. */
  readonly invalidations: string[][];
  /** Every S3 call's input, by command name, in order. */
  readonly s3Calls: Array<{ command: string; input: Record<string, unknown> }>;
  /** Makes one key's upload fail, as a refused PutObject would. */
  failUpload: string | undefined;
  /** Runs as each upload or part of one is sent, the part's bytes read: a write to the file at that moment. */
  whileUploading: ((key: string) => void) | undefined;
  /** Keys DeleteObjects reports it could not delete, with S3's error code, as it does one key at a time. */
  readonly refuseDeletion: Map<string, string>;
  /** The bucket's versioning, as GetBucketVersioning answers it. */
  versioning: 'Enabled' | 'Suspended' | undefined;
  /**
   * The bucket's versions and delete markers (no body), as ListObjectVersions lists them for a
   * restore, which CopyObject copies back from: a test sets them beside the bucket's objects.
   */
  versions: StoredVersion[];
  /** The stack is not in the account the credentials are for. */
  noStack: boolean;
  restore(): void;
}

export function s3Etag(body: Buffer, partBytes?: number): string {
  const md5 = (data: Buffer) => createHash('md5').update(data).digest();
  if (partBytes === undefined) return `"${md5(body).toString('hex')}"`;
  const parts: Buffer[] = [];
  for (let start = 0; start < body.length; start += partBytes) parts.push(md5(body.subarray(start, start + partBytes)));
  return `"${md5(Buffer.concat(parts)).toString('hex')}-${parts.length}"`;
}

/** Bytes as lib-storage hands them over: a Buffer, a Uint8Array, or text. */
function bytesOf(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof body === 'string') return Buffer.from(body);
  throw new Error(`the fake bucket cannot read a body of ${Object.prototype.toString.call(body)}`);
}

/** S3's refusal as the SDK throws it: its code, and the answer's status. */
function accessDenied(): Error {
  return Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403, requestId: 'a7c1' } });
}

/**
 * A deployment whose function was told of the files without an extension among `deployedKeys`, and
 * whose stack outputs the digests given, what the deployed contact pages load, and what llms.txt
 * links of the pages (a home page alone unless said: a folder with one and nothing added for agents).
 */
export function mockedDeployment(
  options: { deployedKeys?: readonly string[]; settingsDigest?: string; formPageDigest?: string; formPageLoads?: string; ownLlmsTxtDigest?: string; siteDocuments?: string } = {},
): MockedDeployment {
  const cloudFormation = new CloudFormationClient({ region: REGION });
  const cloudFront = new CloudFrontClient({ region: 'us-east-1' });
  const s3 = new S3Client({ region: REGION });
  const mocks = [mockClient(cloudFormation), mockClient(cloudFront), mockClient(s3)] as const;
  const [cfn, cf, s3Mock] = mocks;
  const parts = new Map<string, Buffer[]>();
  const deployedKeys = options.deployedKeys ?? [];
  const deployment: MockedDeployment = {
    clients: { cloudFormation, cloudFront, s3: () => s3, callerReference: () => `test-${deployment.invalidations.length}` },
    bucket: new Map(),
    outputs: {
      [SITE_OUTPUTS.baseUrl]: 'https://example.com',
      [SITE_OUTPUTS.distributionId]: DISTRIBUTION,
      [SITE_OUTPUTS.siteBucket]: BUCKET,
      [SITE_OUTPUTS.settingsDigest]: options.settingsDigest ?? 'settings-digest',
      [SITE_OUTPUTS.formPageDigest]: options.formPageDigest ?? 'none',
      [SITE_OUTPUTS.formPageLoads]: options.formPageLoads ?? 'none',
      [SITE_OUTPUTS.ownLlmsTxtDigest]: options.ownLlmsTxtDigest ?? 'none',
      [SITE_OUTPUTS.siteDocuments]: options.siteDocuments ?? 'home',
    },
    functionCode: frontDoorFunctionCode(frontDoorRouting(deployedKeys)),
    developmentCode: frontDoorFunctionCode(frontDoorRouting(deployedKeys)),
    functionEtag: 'E1DEPLOY',
    functionCalls: [],
    failFunctionUpdate: undefined,
    notFoundPage: deployedKeys.includes(NOT_FOUND_PAGE),
    invalidations: [],
    s3Calls: [],
    failUpload: undefined,
    whileUploading: undefined,
    refuseDeletion: new Map(),
    versioning: 'Enabled',
    versions: [],
    noStack: false,
    restore: () => mocks.forEach((mock) => mock.restore()),
  };

  cfn.on(DescribeStacksCommand).callsFake(async () => {
    if (deployment.noStack) throw Object.assign(new Error(`Stack with id ${STACK_NAMES.site} does not exist`), { name: 'ValidationError' });
    return {
      Stacks: [
        {
          StackName: STACK_NAMES.site,
          StackId: `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK_NAMES.site}/0f1e2d3c`,
          StackStatus: 'UPDATE_COMPLETE',
          CreationTime: new Date('2026-11-20T10:00:00Z'),
          Outputs: Object.entries(deployment.outputs).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue })),
        },
      ],
    };
  });
  cfn.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [] });

  cf.on(GetDistributionConfigCommand, { Id: DISTRIBUTION }).callsFake(
    async () =>
      ({
        DistributionConfig: {
          DefaultCacheBehavior: { FunctionAssociations: { Quantity: 1, Items: [{ EventType: 'viewer-request', FunctionARN: FUNCTION_ARN }] } },
          CustomErrorResponses: deployment.notFoundPage
            ? { Quantity: 1, Items: [{ ErrorCode: 404, ResponseCode: '404', ResponsePagePath: `/${NOT_FOUND_PAGE}` }] }
            : { Quantity: 0, Items: [] },
        },
      }) as unknown as GetDistributionConfigCommandOutput,
  );
  cf.on(GetFunctionCommand, { Name: FUNCTION_NAME, Stage: 'LIVE' }).callsFake(
    async () => ({ FunctionCode: new TextEncoder().encode(deployment.functionCode) }) as unknown as GetFunctionCommandOutput,
  );
  cf.on(GetFunctionCommand, { Name: FUNCTION_NAME, Stage: 'DEVELOPMENT' }).callsFake(
    async () => ({ ETag: deployment.functionEtag, FunctionCode: new TextEncoder().encode(deployment.developmentCode) }) as unknown as GetFunctionCommandOutput,
  );
  cf.on(DescribeFunctionCommand, { Name: FUNCTION_NAME, Stage: 'DEVELOPMENT' }).callsFake(async () => ({
    ETag: deployment.functionEtag,
    FunctionSummary: { Name: FUNCTION_NAME, Status: 'UNASSOCIATED', FunctionConfig: { ...FUNCTION_CONFIG }, FunctionMetadata: { FunctionARN: FUNCTION_ARN } },
  }));
  const preconditionFailed = () =>
    Object.assign(new Error('The If-Match version is missing or not valid for the resource.'), { name: 'PreconditionFailed', $fault: 'client', $metadata: { httpStatusCode: 412 } });
  cf.on(UpdateFunctionCommand).callsFake(async (input: { Name: string; IfMatch: string; FunctionCode: Uint8Array }) => {
    deployment.functionCalls.push({ command: 'UpdateFunction', input: input as unknown as Record<string, unknown> });
    if (deployment.failFunctionUpdate !== undefined) throw deployment.failFunctionUpdate;
    if (input.Name !== FUNCTION_NAME || input.IfMatch !== deployment.functionEtag) throw preconditionFailed();
    deployment.developmentCode = new TextDecoder().decode(input.FunctionCode);
    deployment.functionEtag = `E${deployment.functionCalls.length + 1}UPDATE`;
    return { ETag: deployment.functionEtag };
  });
  cf.on(PublishFunctionCommand).callsFake(async (input: { Name: string; IfMatch: string }) => {
    deployment.functionCalls.push({ command: 'PublishFunction', input: input as unknown as Record<string, unknown> });
    if (input.Name !== FUNCTION_NAME || input.IfMatch !== deployment.functionEtag) throw preconditionFailed();
    deployment.functionCode = deployment.developmentCode;
    return {};
  });
  cf.on(CreateInvalidationCommand).callsFake(async (input: { DistributionId: string; InvalidationBatch: { Paths: { Items: string[] } } }) => {
    if (input.DistributionId !== DISTRIBUTION) throw new Error(`invalidation of another distribution: ${input.DistributionId}`);
    deployment.invalidations.push(input.InvalidationBatch.Paths.Items);
    return { Invalidation: { Id: `I${deployment.invalidations.length}`, Status: 'InProgress' } };
  });

  const record = (command: string) => (input: Record<string, unknown>) => {
    deployment.s3Calls.push({ command, input });
    if (input.Bucket !== BUCKET) throw new Error(`a call on another bucket: ${String(input.Bucket)}`);
  };
  s3Mock.on(ListObjectsV2Command).callsFake(async (input: ListObjectsV2CommandInput) => {
    record('ListObjectsV2')(input as unknown as Record<string, unknown>);
    // S3's encoding of keys for EncodingType=url, as a form encodes: `+` for a space.
    const encode = (key: string) => (input.EncodingType === 'url' ? encodeURIComponent(key).replaceAll('%20', '+').replaceAll('%2F', '/') : key);
    return {
      Contents: [...deployment.bucket].map(([key, object]) => ({ Key: encode(key), Size: object.body.length, ETag: object.etag })),
      IsTruncated: false,
      ...(input.EncodingType === 'url' ? { EncodingType: 'url' as const } : {}),
    };
  });
  s3Mock.on(PutObjectCommand).callsFake(async (input: { Key: string; Body: unknown; ContentType?: string }) => {
    record('PutObject')(input as unknown as Record<string, unknown>);
    if (input.Key === deployment.failUpload) throw accessDenied();
    const body = bytesOf(input.Body);
    deployment.whileUploading?.(input.Key);
    deployment.bucket.set(input.Key, { body, etag: s3Etag(body), ...(input.ContentType === undefined ? {} : { contentType: input.ContentType }) });
    return { ETag: s3Etag(body) };
  });
  s3Mock.on(CreateMultipartUploadCommand).callsFake(async (input: { Key: string }) => {
    record('CreateMultipartUpload')(input as unknown as Record<string, unknown>);
    parts.set(input.Key, []);
    return { UploadId: `upload-${input.Key}`, Bucket: BUCKET, Key: input.Key };
  });
  s3Mock.on(UploadPartCommand).callsFake(async (input: { Key: string; PartNumber: number; Body: unknown }) => {
    record('UploadPart')(input as unknown as Record<string, unknown>);
    if (input.Key === deployment.failUpload) throw accessDenied();
    const body = bytesOf(input.Body);
    deployment.whileUploading?.(input.Key);
    parts.get(input.Key)![input.PartNumber - 1] = body;
    return { ETag: s3Etag(body) };
  });
  s3Mock.on(CompleteMultipartUploadCommand).callsFake(async (input: { Key: string }) => {
    record('CompleteMultipartUpload')(input as unknown as Record<string, unknown>);
    const uploaded = parts.get(input.Key)!;
    const body = Buffer.concat(uploaded);
    const created = deployment.s3Calls.find((call) => call.command === 'CreateMultipartUpload' && call.input.Key === input.Key)!;
    const contentType = created.input.ContentType as string | undefined;
    deployment.bucket.set(input.Key, { body, etag: s3Etag(body, uploaded[0]!.length), partBytes: uploaded[0]!.length, ...(contentType === undefined ? {} : { contentType }) });
    return { Key: input.Key, ETag: s3Etag(body, uploaded[0]!.length) };
  });
  s3Mock.on(AbortMultipartUploadCommand).callsFake(async (input: { Key: string }) => {
    record('AbortMultipartUpload')(input as unknown as Record<string, unknown>);
    parts.delete(input.Key);
    return {};
  });
  s3Mock.on(GetBucketVersioningCommand).callsFake(async (input: Record<string, unknown>) => {
    record('GetBucketVersioning')(input);
    return deployment.versioning === undefined ? {} : { Status: deployment.versioning };
  });
  s3Mock.on(ListObjectVersionsCommand).callsFake(async (input: Record<string, unknown>) => {
    record('ListObjectVersions')(input);
    const [versions, markers] = [deployment.versions.filter((version) => version.body !== undefined), deployment.versions.filter((version) => version.body === undefined)];
    const listed = ({ key, versionId, lastModified, isLatest }: StoredVersion) => ({ Key: encodeURIComponent(key).replaceAll('%2F', '/'), VersionId: versionId, LastModified: lastModified, IsLatest: isLatest });
    return {
      Versions: versions.map((version) => ({ ...listed(version), ETag: s3Etag(version.body!), Size: version.body!.length })),
      DeleteMarkers: markers.map(listed),
      IsTruncated: false,
      EncodingType: 'url' as const,
    };
  });
  s3Mock.on(CopyObjectCommand).callsFake(async (input: { Key: string; CopySource: string }) => {
    record('CopyObject')(input as unknown as Record<string, unknown>);
    const source = /^([^/]+)\/([^?]+)\?versionId=(.+)$/.exec(input.CopySource);
    const version = deployment.versions.find(({ key, versionId }) => key === decodeURIComponent(source?.[2] ?? '') && versionId === decodeURIComponent(source?.[3] ?? ''));
    if (source?.[1] !== BUCKET || version?.body === undefined) throw new Error(`a copy from no version of the bucket: ${input.CopySource}`);
    deployment.bucket.set(input.Key, { body: version.body, etag: s3Etag(version.body) });
    return { CopyObjectResult: { ETag: s3Etag(version.body) } };
  });
  s3Mock.on(DeleteObjectsCommand).callsFake(async (input: { Delete: { Objects: Array<{ Key: string }> } }) => {
    record('DeleteObjects')(input as unknown as Record<string, unknown>);
    const refused = input.Delete.Objects.filter(({ Key }) => deployment.refuseDeletion.has(Key));
    for (const { Key } of input.Delete.Objects) if (!deployment.refuseDeletion.has(Key)) deployment.bucket.delete(Key);
    return { Errors: refused.map(({ Key }) => ({ Key, Code: deployment.refuseDeletion.get(Key), Message: 'refused' })) };
  });
  s3Mock.on(DeleteObjectCommand).callsFake(async (input: { Key: string }) => {
    record('DeleteObject')(input as unknown as Record<string, unknown>);
    deployment.bucket.delete(input.Key);
    return {};
  });
  return deployment;
}
