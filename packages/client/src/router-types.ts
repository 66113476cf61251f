// Generated from src/http/router.ts by `npm run client:generate`. Do not edit.

import type {
  TRPC_ERROR_CODE_NUMBER,
  TRPCBuiltRouter,
  TRPCMutationProcedure,
  TRPCQueryProcedure,
  TRPCSubscriptionProcedure,
} from '@trpc/server';

/** The router as clients see it: what each procedure takes and answers, and the error shape. */
export type AppRouter = TRPCBuiltRouter<
  {
    ctx: object;
    meta: object;
    errorShape: {
      message: string;
      data: {
        issues?: { path: string; message: string }[] | undefined;
        code:
          | 'PARSE_ERROR'
          | 'BAD_REQUEST'
          | 'INTERNAL_SERVER_ERROR'
          | 'NOT_IMPLEMENTED'
          | 'BAD_GATEWAY'
          | 'SERVICE_UNAVAILABLE'
          | 'GATEWAY_TIMEOUT'
          | 'UNAUTHORIZED'
          | 'PAYMENT_REQUIRED'
          | 'FORBIDDEN'
          | 'NOT_FOUND'
          | 'METHOD_NOT_SUPPORTED'
          | 'TIMEOUT'
          | 'CONFLICT'
          | 'PRECONDITION_FAILED'
          | 'PAYLOAD_TOO_LARGE'
          | 'UNSUPPORTED_MEDIA_TYPE'
          | 'UNPROCESSABLE_CONTENT'
          | 'PRECONDITION_REQUIRED'
          | 'TOO_MANY_REQUESTS'
          | 'CLIENT_CLOSED_REQUEST';
        httpStatus: number;
        path: string | undefined;
      };
    } & { code: TRPC_ERROR_CODE_NUMBER };
    transformer: false;
  },
  {
    auth: {
      signup: TRPCMutationProcedure<{
        input: {
          email: string;
          password: string;
          passwordValidation: string;
          firstName: string;
          lastName: string;
          handle?: string | undefined;
        };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      register: TRPCMutationProcedure<{
        input: { email: string; name: string; password: string; password_confirm: string; handle?: string | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      login: TRPCMutationProcedure<{
        input: { email: string; password: string; longExpiration?: boolean | undefined };
        output: { status: 'success'; token: string; jwt: string };
        meta: object;
      }>;
      logout: TRPCQueryProcedure<{
        input: { all?: boolean | 'true' | 'false' | undefined } | undefined;
        output: { status: 'success' };
        meta: object;
      }>;
      changePassword: TRPCMutationProcedure<{
        input: { currentPassword: string; newPassword: string; newPasswordValidation: string };
        output: { status: 'success' };
        meta: object;
      }>;
      sessions: TRPCQueryProcedure<{
        input: void;
        output: { id: string; createdAt: string; expiresAt: string; current: boolean }[];
        meta: object;
      }>;
      endSession: TRPCMutationProcedure<{ input: { id: string }; output: void; meta: object }>;
    };
    posts: {
      list: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined; q?: string | undefined } | undefined;
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      followed: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      home: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: string | undefined } | undefined;
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          repostedBy: {
            id: number;
            firstName: string;
            lastName: string;
            avatarUrl: string | null;
            handle: string;
          } | null;
          repostedAt: string | null;
          cursor: string;
        }[];
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: { title: string; content: string; mediaIds?: number[] | undefined; quoteOf?: number | undefined };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: { id: number; title: string; content: string; mediaIds?: number[] | undefined };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{ input: { id: number }; output: void; meta: object }>;
      like: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      unlike: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      repost: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      unrepost: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      bookmark: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      unbookmark: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      comment: TRPCMutationProcedure<{
        input: { id: number; content: string };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      comments: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      likes: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      quotes: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
    };
    comments: {
      update: TRPCMutationProcedure<{
        input: { id: number; content: string };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{ input: { id: number }; output: void; meta: object }>;
      like: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      unlike: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        };
        meta: object;
      }>;
      likes: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
    };
    tags: {
      posts: TRPCQueryProcedure<{
        input: { tag: string; limit?: number | undefined; before?: number | undefined };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      follow: TRPCMutationProcedure<{ input: { tag: string }; output: { name: string }; meta: object }>;
      unfollow: TRPCMutationProcedure<{ input: { tag: string }; output: void; meta: object }>;
    };
    users: {
      list: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      me: TRPCQueryProcedure<{
        input: void;
        output: {
          id: number;
          firstName: string;
          lastName: string;
          avatarUrl: string | null;
          handle: string;
          posts: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            comments: {
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              likeCount: number;
              likedByMe: boolean;
              id: number;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            }[];
            likeCount: number;
            commentCount: number;
            likedByMe: boolean;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
            quoteOf: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likeCount: number;
              commentCount: number;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
            } | null;
            repostCount: number;
            repostedByMe: boolean;
            bookmarkedByMe: boolean;
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          followed: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          followers: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          postCount: number;
          commentCount: number;
          followerCount: number;
          followedCount: number;
        };
        meta: object;
      }>;
      updateMe: TRPCMutationProcedure<{
        input: { firstName?: string | undefined; lastName?: string | undefined; handle?: string | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      deleteMe: TRPCMutationProcedure<{ input: { password: string }; output: void; meta: object }>;
      setAvatar: TRPCMutationProcedure<{
        input: Blob | FormData | Uint8Array<ArrayBufferLike> | { file: Blob; description?: string | undefined };
        output: {
          id: number;
          state: 'processing' | 'ready' | 'failed';
          type: 'image/jpeg' | 'image/webp' | null;
          url: string | null;
          previewUrl: string | null;
          width: number | null;
          height: number | null;
          blurhash: string | null;
          description: string;
        };
        meta: object;
      }>;
      deleteAvatar: TRPCMutationProcedure<{ input: void; output: void; meta: object }>;
      blocked: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      muted: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      bookmarks: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      tags: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: string | undefined } | undefined;
        output: { name: string }[];
        meta: object;
      }>;
      byHandle: TRPCQueryProcedure<{
        input: { handle: string };
        output: {
          id: number;
          firstName: string;
          lastName: string;
          avatarUrl: string | null;
          handle: string;
          posts: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            comments: {
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              likeCount: number;
              likedByMe: boolean;
              id: number;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            }[];
            likeCount: number;
            commentCount: number;
            likedByMe: boolean;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
            quoteOf: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likeCount: number;
              commentCount: number;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
            } | null;
            repostCount: number;
            repostedByMe: boolean;
            bookmarkedByMe: boolean;
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          followed: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          followers: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          postCount: number;
          commentCount: number;
          followerCount: number;
          followedCount: number;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: { id: number };
        output: {
          id: number;
          firstName: string;
          lastName: string;
          avatarUrl: string | null;
          handle: string;
          posts: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            comments: {
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              likeCount: number;
              likedByMe: boolean;
              id: number;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            }[];
            likeCount: number;
            commentCount: number;
            likedByMe: boolean;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
            quoteOf: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likeCount: number;
              commentCount: number;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
            } | null;
            repostCount: number;
            repostedByMe: boolean;
            bookmarkedByMe: boolean;
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          followed: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          followers: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          postCount: number;
          commentCount: number;
          followerCount: number;
          followedCount: number;
        };
        meta: object;
      }>;
      posts: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: {
          id: number;
          title: string;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          likeCount: number;
          commentCount: number;
          likedByMe: boolean;
          media: {
            id: number;
            state: 'processing' | 'ready' | 'failed';
            type: 'image/jpeg' | 'image/webp' | null;
            url: string | null;
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
          }[];
          tags: string[];
          quoteCount: number;
          quoteOf: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likeCount: number;
            commentCount: number;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
          } | null;
          repostCount: number;
          repostedByMe: boolean;
          bookmarkedByMe: boolean;
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      comments: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: {
          mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          likeCount: number;
          likedByMe: boolean;
          id: number;
          content: string;
          createdAt: string;
          createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        }[];
        meta: object;
      }>;
      followers: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      followed: TRPCQueryProcedure<{
        input: { id: number; limit?: number | undefined; before?: number | undefined };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
        meta: object;
      }>;
      follow: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          firstName: string;
          lastName: string;
          avatarUrl: string | null;
          handle: string;
          posts: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            comments: {
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              likeCount: number;
              likedByMe: boolean;
              id: number;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            }[];
            likeCount: number;
            commentCount: number;
            likedByMe: boolean;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
            quoteOf: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likeCount: number;
              commentCount: number;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
            } | null;
            repostCount: number;
            repostedByMe: boolean;
            bookmarkedByMe: boolean;
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          followed: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          followers: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          postCount: number;
          commentCount: number;
          followerCount: number;
          followedCount: number;
        };
        meta: object;
      }>;
      unfollow: TRPCMutationProcedure<{
        input: { id: number };
        output: {
          id: number;
          firstName: string;
          lastName: string;
          avatarUrl: string | null;
          handle: string;
          posts: {
            id: number;
            title: string;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            comments: {
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              likeCount: number;
              likedByMe: boolean;
              id: number;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            }[];
            likeCount: number;
            commentCount: number;
            likedByMe: boolean;
            media: {
              id: number;
              state: 'processing' | 'ready' | 'failed';
              type: 'image/jpeg' | 'image/webp' | null;
              url: string | null;
              previewUrl: string | null;
              width: number | null;
              height: number | null;
              blurhash: string | null;
              description: string;
            }[];
            tags: string[];
            quoteCount: number;
            quoteOf: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likeCount: number;
              commentCount: number;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
            } | null;
            repostCount: number;
            repostedByMe: boolean;
            bookmarkedByMe: boolean;
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          comments: {
            mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            likeCount: number;
            likedByMe: boolean;
            id: number;
            content: string;
            createdAt: string;
            createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
            likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          }[];
          followed: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          followers: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
          postCount: number;
          commentCount: number;
          followerCount: number;
          followedCount: number;
        };
        meta: object;
      }>;
      block: TRPCMutationProcedure<{
        input: { id: number };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      unblock: TRPCMutationProcedure<{
        input: { id: number };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      mute: TRPCMutationProcedure<{
        input: { id: number };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
      unmute: TRPCMutationProcedure<{
        input: { id: number };
        output: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
        meta: object;
      }>;
    };
    events: {
      list: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: {
          id: number;
          name: string;
          description: string;
          location: string;
          dateTime: string;
          UserId: number;
          createdAt: string;
        }[];
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: { id: number };
        output: {
          id: number;
          name: string;
          description: string;
          location: string;
          dateTime: string;
          UserId: number;
          createdAt: string;
        };
        meta: object;
      }>;
      create: TRPCMutationProcedure<{
        input: { name: string; description: string; location: string; dateTime: string; UserId?: number | undefined };
        output: {
          id: number;
          name: string;
          description: string;
          location: string;
          dateTime: string;
          UserId: number;
          createdAt: string;
        };
        meta: object;
      }>;
      replace: TRPCMutationProcedure<{
        input: {
          id: number;
          name: string;
          description: string;
          location: string;
          dateTime: string;
          UserId?: number | undefined;
        };
        output: {
          id: number;
          name: string;
          description: string;
          location: string;
          dateTime: string;
          UserId: number;
          createdAt: string;
        };
        meta: object;
      }>;
      delete: TRPCMutationProcedure<{ input: { id: number }; output: void; meta: object }>;
    };
    notifications: {
      unreadCount: TRPCQueryProcedure<{ input: void; output: { count: number }; meta: object }>;
      list: TRPCQueryProcedure<{
        input: { limit?: number | undefined; before?: number | undefined } | undefined;
        output: {
          id: number;
          type: 'comment' | 'repost' | 'follow' | 'post_like' | 'comment_like' | 'mention' | 'quote';
          createdAt: string;
          actor: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
          read: boolean;
          post?: { id: number; title: string } | undefined;
          comment?: { id: number } | undefined;
        }[];
        meta: object;
      }>;
      markRead: TRPCMutationProcedure<{ input: { upTo: number }; output: { count: number }; meta: object }>;
    };
    live: {
      ticket: TRPCMutationProcedure<{
        input: void;
        output: { ticket: string; expiresInSeconds: number };
        meta: object;
      }>;
      feed: TRPCSubscriptionProcedure<{
        input: { lastEventId?: string | undefined; ticket?: string | undefined } | undefined;
        output: AsyncIterable<
          {
            id: string;
            data: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              comments: {
                mentions: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                }[];
                likeCount: number;
                likedByMe: boolean;
                id: number;
                content: string;
                createdAt: string;
                createdBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                };
                likedBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                }[];
              }[];
              likeCount: number;
              commentCount: number;
              likedByMe: boolean;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
              quoteOf: {
                id: number;
                title: string;
                content: string;
                createdAt: string;
                createdBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                };
                likeCount: number;
                commentCount: number;
                media: {
                  id: number;
                  state: 'processing' | 'ready' | 'failed';
                  type: 'image/jpeg' | 'image/webp' | null;
                  url: string | null;
                  previewUrl: string | null;
                  width: number | null;
                  height: number | null;
                  blurhash: string | null;
                  description: string;
                }[];
                tags: string[];
                quoteCount: number;
              } | null;
              repostCount: number;
              repostedByMe: boolean;
              bookmarkedByMe: boolean;
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
            };
          },
          void,
          unknown
        >;
        meta: object;
      }>;
      notifications: TRPCSubscriptionProcedure<{
        input: { lastEventId?: string | undefined; ticket?: string | undefined } | undefined;
        output: AsyncIterable<
          {
            id: string;
            data: {
              id: number;
              type: 'comment' | 'repost' | 'follow' | 'post_like' | 'comment_like' | 'mention' | 'quote';
              createdAt: string;
              actor: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              read: boolean;
              post?: { id: number; title: string } | undefined;
              comment?: { id: number } | undefined;
            };
          },
          void,
          unknown
        >;
        meta: object;
      }>;
      home: TRPCSubscriptionProcedure<{
        input: { lastEventId?: string | undefined; ticket?: string | undefined } | undefined;
        output: AsyncIterable<
          {
            id: string;
            data: {
              id: number;
              title: string;
              content: string;
              createdAt: string;
              createdBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string };
              likedBy: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              comments: {
                mentions: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                }[];
                likeCount: number;
                likedByMe: boolean;
                id: number;
                content: string;
                createdAt: string;
                createdBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                };
                likedBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                }[];
              }[];
              likeCount: number;
              commentCount: number;
              likedByMe: boolean;
              media: {
                id: number;
                state: 'processing' | 'ready' | 'failed';
                type: 'image/jpeg' | 'image/webp' | null;
                url: string | null;
                previewUrl: string | null;
                width: number | null;
                height: number | null;
                blurhash: string | null;
                description: string;
              }[];
              tags: string[];
              quoteCount: number;
              quoteOf: {
                id: number;
                title: string;
                content: string;
                createdAt: string;
                createdBy: {
                  id: number;
                  firstName: string;
                  lastName: string;
                  avatarUrl: string | null;
                  handle: string;
                };
                likeCount: number;
                commentCount: number;
                media: {
                  id: number;
                  state: 'processing' | 'ready' | 'failed';
                  type: 'image/jpeg' | 'image/webp' | null;
                  url: string | null;
                  previewUrl: string | null;
                  width: number | null;
                  height: number | null;
                  blurhash: string | null;
                  description: string;
                }[];
                tags: string[];
                quoteCount: number;
              } | null;
              repostCount: number;
              repostedByMe: boolean;
              bookmarkedByMe: boolean;
              mentions: { id: number; firstName: string; lastName: string; avatarUrl: string | null; handle: string }[];
              repostedBy: {
                id: number;
                firstName: string;
                lastName: string;
                avatarUrl: string | null;
                handle: string;
              } | null;
              repostedAt: string | null;
              cursor: string;
            };
          },
          void,
          unknown
        >;
        meta: object;
      }>;
    };
    media: {
      upload: TRPCMutationProcedure<{
        input: Blob | FormData | Uint8Array<ArrayBufferLike> | { file: Blob; description?: string | undefined };
        output: {
          id: number;
          state: 'processing' | 'ready' | 'failed';
          type: 'image/jpeg' | 'image/webp' | null;
          url: string | null;
          previewUrl: string | null;
          width: number | null;
          height: number | null;
          blurhash: string | null;
          description: string;
        };
        meta: object;
      }>;
      get: TRPCQueryProcedure<{
        input: { id: number };
        output: {
          id: number;
          state: 'processing' | 'ready' | 'failed';
          type: 'image/jpeg' | 'image/webp' | null;
          url: string | null;
          previewUrl: string | null;
          width: number | null;
          height: number | null;
          blurhash: string | null;
          description: string;
        };
        meta: object;
      }>;
      update: TRPCMutationProcedure<{
        input: { id: number; description: string };
        output: {
          id: number;
          state: 'processing' | 'ready' | 'failed';
          type: 'image/jpeg' | 'image/webp' | null;
          url: string | null;
          previewUrl: string | null;
          width: number | null;
          height: number | null;
          blurhash: string | null;
          description: string;
        };
        meta: object;
      }>;
    };
  }
>;
