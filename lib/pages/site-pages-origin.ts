import { Annotations, DefaultStackSynthesizer, Duration, Names, RemovalPolicy, Size, Stack, Stage, Token, Validations, type CfnElement, type CfnResource } from 'aws-cdk-lib';
import { AccessLevel, OriginProtocolPolicy, type IDistribution, type IOrigin } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HOME_PAGE, NOT_FOUND_PAGE } from '../front-door-paths.js';
import { EXISTING_SITE_DOCUMENTS, type AgentSettings, type SiteDocuments } from '../../lambdas/config.js';
import { LOG_RETENTION } from '../log-retention.js';
import { shownInFinding } from '../nag-findings.js';
import { agentFiles, folderDocuments, isMarkdownOfPage, ROBOTS_TXT, SITEMAP_XML, writeAgentFiles } from './agent-files.js';
import { KEPT_VERSION_DAYS } from './kept-versions.js';
import { copySiteFiles, siteFiles, siteFolderNotes, takenLlmsTxt, type SiteFiles } from './site-files.js';
import { builtForAnotherOrigin, SITE_BUILT_FOR_METADATA, siteAddressNotes } from './sitemap-address.js';
import { MARKDOWN_CONTENT_TYPE } from './site-pages.js';
import { stagedContent, uploadNeedBytes, uploadResources } from './upload-resources.js';

export type SitePages =
  /** An absolute folder path, uploaded to the site bucket at each deploy. */
  | { readonly kind: 'folder'; readonly path: string }
  /** An existing https site's host name, and the path of its form page (`formPage`) when it has one. */
  | { readonly kind: 'origin'; readonly host: string; readonly formPage?: string };

/**
 * Where the front door finds the site's own pages (docs/api.md §10): a folder uploaded at each
 * deploy to a private bucket that only the distribution may read, or an existing https site.
 */
export class SitePagesOrigin extends Construct {
  readonly origin: IOrigin;
  /** The keys of the files uploaded from the folder (lib/pages/site-files.ts), whose folders the front door's function serves as `index.html`; none for an existing site. */
  readonly paths?: readonly string[];
  /** The folder's own page for a path it has no file for, when it has one; an existing site answers its 404 itself. */
  readonly notFoundPage?: string;
  /** What `/` serves from the bucket, which may be listed: never the listing. */
  readonly defaultRootObject?: string;
  /** The bucket the folder is uploaded to, which `npm run publish` updates; none for an existing site. */
  readonly bucket?: Bucket;
  /** Whether each page of the folder has its Markdown (docs/api.md §16), which the front door's functions then serve. */
  readonly markdown: boolean;
  /** What the pages publish, which llms.txt links: an existing site's home page alone, as its sitemap and Markdown are its host's own. */
  readonly documents: SiteDocuments;
  /** The file of the folder's own llms.txt, which the service's takes in (takenLlmsTxt), or none. */
  readonly ownLlmsTxtFile?: string;
  private readonly site?: SiteFiles;
  private readonly agents: AgentSettings;

  constructor(scope: Construct, id: string, pages: SitePages, originId: string, agents: AgentSettings) {
    super(scope, id);
    this.agents = agents;
    this.markdown = pages.kind === 'folder' && agents.markdown;
    if (pages.kind === 'origin') {
      this.origin = new HttpOrigin(pages.host, { originId, protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY });
      this.documents = EXISTING_SITE_DOCUMENTS;
      return;
    }
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // What a publish or a deploy replaces or deletes is kept KEPT_VERSION_DAYS, for `npm run publish -- --restore`.
      versioned: true,
      lifecycleRules: [
        {
          noncurrentVersionExpiration: Duration.days(KEPT_VERSION_DAYS),
          // A delete marker with no version left behind it is removed too, as are the parts of an upload cut short.
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // The folder is the source of truth: the bucket goes with the stack, its earlier versions too.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    keepEmptyingLogs(Stack.of(this));
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Public pages, read only by CloudFront through Origin Access Control; server access logs would only record CloudFront.',
    });
    // Listing lets S3 answer a missing page 404, where it would answer 403 to a reader that may not list.
    this.origin = S3BucketOrigin.withOriginAccessControl(this.bucket, { originId, originAccessLevels: [AccessLevel.READ, AccessLevel.LIST] });
    this.site = siteFiles(pages.path);
    this.paths = [...this.site.files.keys()];
    this.documents = folderDocuments(this.site, agents);
    this.ownLlmsTxtFile = takenLlmsTxt(this.site);
    this.defaultRootObject = HOME_PAGE;
    if (this.site.files.has(NOT_FOUND_PAGE)) this.notFoundPage = `/${NOT_FOUND_PAGE}`;
    // Printed by synth (and deploy) as a line each, so that nothing disappears from the site silently.
    for (const note of siteFolderNotes('siteDir', this.site)) Annotations.of(this).addInfo(note);
  }

  /**
   * Uploads the site's files at each deploy and invalidates the edge cache, so visitors see the new
   * pages at once, from a function whose /tmp and memory are sized for them (upload-resources.ts).
   * The asset is a copy of exactly the published files, made in the cloud assembly: an asset of
   * the folder itself would hold what its links reach outside it (asset staging copies an outside
   * link's target, and the CLI's zip follows every link) and every dotfile, and its `exclude`
   * globs can only deny patterns, where the rule allows the files siteFiles chose. `pagesWithoutHtml` are
   * the pages the front door's function reaches without `.html`, which the sitemap lists so.
   */
  deployTo(distribution: IDistribution, baseUrl: string, pagesWithoutHtml: readonly string[]): void {
    if (this.site === undefined || this.bucket === undefined) return;
    const added = agentFiles(this.site, this.agents, baseUrl, pagesWithoutHtml, 'siteDir');
    // The site's address is known at synth with a domain or baseUrl alone; the distribution's own domain, at deploy.
    const siteAddress = Token.isUnresolved(baseUrl) ? undefined : baseUrl;
    for (const note of [...added.notes, ...siteAddressNotes(this.site, siteAddress, 'siteDir')]) Annotations.of(this).addInfo(note);
    const builtFor = builtForAnotherOrigin(this.site, siteAddress);
    if (builtFor !== undefined) this.node.addMetadata(SITE_BUILT_FOR_METADATA, builtFor);
    const staged = (name: string) => {
      const folder = join(Stage.of(this)!.assetOutdir, `${name}-${Names.uniqueId(this)}`);
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      return folder;
    };
    // Each page's Markdown, the owner's and the service's, is uploaded apart, with its charset
    // (RFC 7763 requires it), which the site's upload, typing each file by its name, would not give.
    const markdownKeys = [...this.site.files.keys(), ...added.files.keys()].filter(isMarkdownOfPage);
    const own = new Map([...this.site.files].filter(([key]) => !isMarkdownOfPage(key)));
    const markdownFolder = staged('site-markdown');
    copySiteFiles({ files: new Map([...this.site.files].filter(([key]) => isMarkdownOfPage(key))) }, markdownFolder);
    writeAgentFiles(new Map([...added.files].filter(([key]) => isMarkdownOfPage(key))), markdownFolder);
    const filesFolder = staged('site-files');
    copySiteFiles({ files: own }, filesFolder);
    // robots.txt and sitemap.xml hold {base}, known at deploy only without a custom domain: the
    // upload writes them with the value substituted (aws-cdk-lib's Source.data).
    const data = [ROBOTS_TXT, SITEMAP_XML].flatMap((key) => {
      const file = added.files.get(key);
      return file === undefined ? [] : [Source.data(key, file.body())];
    });
    const markdownPatterns = [...new Set(markdownKeys.map((key) => `*${key.slice(key.search(/\.html?\.md$/i))}`))].sort();
    // Lambda's 512 MB of /tmp hold a small site's zip and its files; a large one's would fail the
    // deploy. One size for both uploads, which then share one function: the larger one's.
    const [largest] = [filesFolder, markdownFolder].map(stagedContent).sort((a, b) => uploadNeedBytes(b) - uploadNeedBytes(a));
    const resources = uploadResources(largest!);
    const sized = { ephemeralStorageSize: Size.mebibytes(resources.ephemeralStorageMiB), memoryLimit: resources.memoryMiB };
    const logGroup = new LogGroup(this, 'UploadLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    // Made first, so that the uploads' shared function (and its layer) is of this one's scope: the
    // site's upload then depends on it without a cycle, and invalidates the edge cache last.
    const markdown =
      markdownPatterns.length === 0
        ? undefined
        : new BucketDeployment(this, 'UploadMarkdown', {
            sources: [Source.asset(markdownFolder)],
            destinationBucket: this.bucket,
            exclude: ['*'],
            include: markdownPatterns,
            contentType: MARKDOWN_CONTENT_TYPE,
            retainOnDelete: false,
            ...sized,
            // Without it, aws-cdk-lib gives its upload function a log group of its own that keeps logs 731 days.
            logGroup,
          });
    const upload = new BucketDeployment(this, 'Upload', {
      sources: [Source.asset(filesFolder), ...data],
      destinationBucket: this.bucket,
      distribution,
      distributionPaths: ['/*'],
      retainOnDelete: false,
      // The Markdown's keys are the other upload's to write and to prune.
      ...(markdownPatterns.length === 0 ? {} : { exclude: markdownPatterns }),
      ...sized,
      logGroup,
    });
    if (markdown !== undefined) upload.node.addDependency(markdown);
    acknowledgeUploader(Stack.of(this), this.bucket);
  }
}

/** The upload runs in aws-cdk-lib's own provider function, shared by the stack: its findings are aws-cdk-lib's design. */
function acknowledgeUploader(stack: Stack, bucket: Bucket): void {
  const bucketArn = `<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;
  const wildcards = [
    ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) => `Action::${action}`),
    `Resource::${bucketArn}/*`,
    `Resource::arn:${shownInFinding(stack.partition, 'Partition')}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${shownInFinding(stack.account, 'AccountId')}-${shownInFinding(stack.region, 'Region')}/*`,
    // CloudFront invalidations name no resource narrower than the account.
    'Resource::*',
  ];
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    const acknowledge = (id: string, reason: string) => Validations.of(child).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "aws-cdk-lib's upload function logs with the basic execution role; it runs only during deploys.",
    );
    for (const wildcard of wildcards) {
      acknowledge(
        `AwsSolutions-IAM5[${wildcard}]`,
        "aws-cdk-lib's upload function reads the deploy's asset, syncs every object of the site bucket, and invalidates the edge cache: what syncing a folder needs.",
      );
    }
    acknowledge('AwsSolutions-L1', "aws-cdk-lib pins the upload function's runtime with its own release; it runs only during deploys.");
  }
}

/**
 * The function aws-cdk-lib runs at the stack's deletion to empty the versioned bucket (the
 * deployment's own `aws s3 rm` leaves every earlier version behind, and a bucket that holds any
 * cannot be deleted) logs into a group that expires like every other function's, rather than the
 * `/aws/lambda/…` group Lambda would make and keep forever; the group is deleted after it.
 */
function keepEmptyingLogs(stack: Stack): void {
  const provider = stack.node.tryFindChild('Custom::S3AutoDeleteObjectsCustomResourceProvider');
  const handler = provider?.node.tryFindChild('Handler') as CfnResource | undefined;
  if (handler === undefined || stack.node.tryFindChild('EmptyingLogs') !== undefined) return;
  const logs = new LogGroup(stack, 'EmptyingLogs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
  handler.addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName });
  handler.addResourceDependency(logs.node.defaultChild as CfnResource);
  Validations.of(provider!).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: "aws-cdk-lib's function that empties the bucket at the stack's deletion logs with the basic execution role; it runs only then.",
  });
}
