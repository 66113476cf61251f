// Generated from /openapi.json by `npm run client:generate`. Do not edit.

export interface paths {
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Create an account. Needs no token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["auth-signup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account (event group)
         * @description Create an account (event group). Needs no token; answers 201, or an ApiError with one of the statuses below.
         */
        post: operations["auth-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in and receive a bearer token
         * @description Serves both groups: `/auth/login` and `/auth/login/` are one route. `token` and `jwt` hold the same JWT.
         */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * End the current session, or with ?all=true every session of the caller
         * @description End the current session, or with ?all=true every session of the caller. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["auth-logout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change one's password
         * @description Change one's password. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["auth-changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's live sessions (logins not logged out or expired), newest first
         * @description The caller's live sessions (logins not logged out or expired), newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["auth-sessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of the caller's sessions
         * @description End one of the caller's sessions. Needs a bearer token; answers 204 with no body, or an ApiError with one of the statuses below.
         */
        delete: operations["auth-endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All posts, or those matching a search, newest first
         * @description All posts, or those matching a search, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-list"];
        put?: never;
        /**
         * Write a post
         * @description Write a post. Needs a bearer token; answers 201, or an ApiError with one of the statuses below.
         */
        post: operations["posts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/followed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The feed: posts by users the caller follows, newest first
         * @description The feed: posts by users the caller follows, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-followed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/home": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The home timeline: posts by users the caller follows, posts of the tags they follow, and posts those users reposted (each post once, at its newest repost), newest first
         * @description The home timeline: posts by users the caller follows, posts of the tags they follow, and posts those users reposted (each post once, at its newest repost), newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One post
         * @description One post. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-get"];
        put?: never;
        post?: never;
        /**
         * Delete one's own post
         * @description Delete one's own post. Needs a bearer token; answers 204 with no body, or an ApiError with one of the statuses below.
         */
        delete: operations["posts-delete"];
        options?: never;
        head?: never;
        /**
         * Edit one's own post
         * @description Edit one's own post. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        patch: operations["posts-update"];
        trace?: never;
    };
    "/posts/{id}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Like a post
         * @description Like a post. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["posts-like"];
        /**
         * Take back a like
         * @description Take back a like. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["posts-unlike"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/repost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Repost a post
         * @description Repost a post. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["posts-repost"];
        /**
         * Take back a repost
         * @description Take back a repost. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["posts-unrepost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/bookmark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bookmark a post (privately)
         * @description Bookmark a post (privately). Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["posts-bookmark"];
        /**
         * Take back a bookmark
         * @description Take back a bookmark. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["posts-unbookmark"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/comment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a post
         * @description Comment on a post. Needs a bearer token; answers 201, or an ApiError with one of the statuses below.
         */
        post: operations["posts-comment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A post's comments, newest first
         * @description A post's comments, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-comments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/likes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who likes a post, by user id
         * @description Who likes a post, by user id. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-likes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A post's quotes, newest first
         * @description A post's quotes, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["posts-quotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a comment
         * @description Delete a comment. Needs a bearer token; answers 204 with no body, or an ApiError with one of the statuses below.
         */
        delete: operations["comments-delete"];
        options?: never;
        head?: never;
        /**
         * Edit one's own comment
         * @description Edit one's own comment. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        patch: operations["comments-update"];
        trace?: never;
    };
    "/comments/{id}/like": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Like a comment
         * @description Like a comment. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["comments-like"];
        /**
         * Take back a comment like
         * @description Take back a comment like. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["comments-unlike"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comments/{id}/likes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who likes a comment, by user id
         * @description Who likes a comment, by user id. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["comments-likes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{tag}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tag's posts, newest first
         * @description A tag's posts, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["tags-posts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/{tag}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Follow a tag
         * @description Follow a tag. Needs a bearer token; answers 201, or an ApiError with one of the statuses below.
         */
        post: operations["tags-follow"];
        /**
         * Unfollow a tag
         * @description Unfollow a tag. Needs a bearer token; answers 204 with no body, or an ApiError with one of the statuses below.
         */
        delete: operations["tags-unfollow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All users, by id (but those on either side of a block with the caller)
         * @description All users, by id (but those on either side of a block with the caller). Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own profile
         * @description The caller's own profile. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-me"];
        put?: never;
        post?: never;
        /**
         * Delete one's own account and everything in it
         * @description The password goes in the JSON request body, never in the URL.
         */
        delete: operations["users-deleteMe"];
        options?: never;
        head?: never;
        /**
         * Change one's own name or handle
         * @description Change one's own name or handle. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        patch: operations["users-updateMe"];
        trace?: never;
    };
    "/users/me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set one's own avatar
         * @description Set the avatar: an image as the raw body (its content-type one of the image types) or as multipart/form-data (a `file` part), as POST /media takes it. It is cropped to its middle square, 400×400 (the preview 128×128), and answered as a MediaAttachment: 200 once it is the caller's avatar (every UserSummary's avatarUrl is its url), 202 while it is still processing (see GET /media/{id}): it becomes the avatar when ready. The avatar before is deleted.
         */
        put: operations["users-setAvatar"];
        post?: never;
        /**
         * Remove one's own avatar
         * @description Removes the avatar, if any, and deletes its files: avatarUrl is null again.
         */
        delete: operations["users-deleteAvatar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/blocked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users the caller blocks, newest block first
         * @description Users the caller blocks, newest block first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-blocked"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/muted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users the caller mutes, newest mute first
         * @description Users the caller mutes, newest mute first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-muted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/bookmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's bookmarked posts, newest bookmarked first
         * @description The caller's bookmarked posts, newest bookmarked first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-bookmarks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tags the caller follows, newest follow first
         * @description The tags the caller follows, newest follow first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-tags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/by-handle/{handle}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's profile, by handle
         * @description A user's profile, by handle. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-byHandle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's profile
         * @description A user's profile. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's posts, newest first
         * @description A user's posts, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-posts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's comments, newest first
         * @description A user's comments, newest first. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-comments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users who follow this user, by id
         * @description Users who follow this user, by id. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-followers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/followed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users this user follows, by id
         * @description Users this user follows, by id. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["users-followed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Follow a user
         * @description Follow a user. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["users-follow"];
        /**
         * Stop following a user
         * @description Stop following a user. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["users-unfollow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Block a user (mutual invisibility; ends the follows both ways)
         * @description Block a user (mutual invisibility; ends the follows both ways). Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["users-block"];
        /**
         * Unblock a user (the follows stay ended)
         * @description Unblock a user (the follows stay ended). Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["users-unblock"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}/mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mute a user (their posts and notifications leave the caller's feed and lists)
         * @description Mute a user (their posts and notifications leave the caller's feed and lists). Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["users-mute"];
        /**
         * Unmute a user
         * @description Unmute a user. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        delete: operations["users-unmute"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All events, latest dateTime first
         * @description All events, latest dateTime first. Needs no token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["events-list"];
        put?: never;
        /**
         * Create an event owned by the caller
         * @description Create an event owned by the caller. Needs a bearer token; answers 201, or an ApiError with one of the statuses below.
         */
        post: operations["events-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description One event. Needs no token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["events-get"];
        /**
         * Replace one's own event
         * @description Replace one's own event. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        put: operations["events-replace"];
        post?: never;
        /**
         * Delete one's own event
         * @description Delete one's own event. Needs a bearer token; answers 204 with no body, or an ApiError with one of the statuses below.
         */
        delete: operations["events-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many of the caller's notifications are unread
         * @description How many of the caller's notifications are unread. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["notifications-unreadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's notifications, newest first, a page at a time
         * @description The caller's notifications, newest first, a page at a time. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["notifications-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark the caller's notifications up to an id read
         * @description Mark the caller's notifications up to an id read. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        post: operations["notifications-markRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A single-use ticket for a browser EventSource
         * @description EventSource cannot send an Authorization header, and a bearer token must never travel in a URL: open GET /live/feed?ticket=… or /live/notifications?ticket=… within 60 s instead. A ticket works once and belongs to the session that asked for it.
         */
        post: operations["live-ticket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image
         * @description Upload an image, as the raw body (its content-type one of the image types) or as multipart/form-data (a `file` part and an optional `description`). The type is read from the bytes. Answers 201 when the image is ready, 202 while it is still processing (see GET /media/{id}); attach it by id to a post.
         */
        post: operations["media-upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the caller's uploads
         * @description One of the caller's uploads. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        get: operations["media-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set an upload's alt text
         * @description Set an upload's alt text. Needs a bearer token; answers 200, or an ApiError with one of the statuses below.
         */
        patch: operations["media-update"];
        trace?: never;
    };
    "/live/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New posts by the users the caller follows, as they are written
         * @description Server-sent events (text/event-stream): each event has `id:` (the Post's id), `event: post` and `data:` (the Post JSON); a `: heartbeat` comment comes every 15 s. With Last-Event-ID, everything after that id is replayed first, then the stream goes on live. Authenticate with the bearer header, or (EventSource, which cannot send one) with ?ticket= from POST /live/ticket. Each event is described by `x-itemSchema` (OpenAPI 3.2 `itemSchema`, in this 3.1 document as an extension).
         */
        get: operations["live-feed-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's new notifications, as they happen
         * @description Server-sent events (text/event-stream): each event has `id:` (the Notification's id), `event: notification` and `data:` (the Notification JSON); a `: heartbeat` comment comes every 15 s. With Last-Event-ID, everything after that id is replayed first, then the stream goes on live. Authenticate with the bearer header, or (EventSource, which cannot send one) with ?ticket= from POST /live/ticket. Each event is described by `x-itemSchema` (OpenAPI 3.2 `itemSchema`, in this 3.1 document as an extension).
         */
        get: operations["live-notifications-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/home": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New items of the caller's home timeline (GET /posts/home), as they are written: posts of followed users and tags, and followed users' reposts
         * @description Server-sent events (text/event-stream): each event has `id:` (the item's cursor), `event: post` and `data:` (the HomeItem JSON); a `: heartbeat` comment comes every 15 s. With Last-Event-ID, everything after that id is replayed first, then the stream goes on live. Authenticate with the bearer header, or (EventSource, which cannot send one) with ?ticket= from POST /live/ticket. Each event is described by `x-itemSchema` (OpenAPI 3.2 `itemSchema`, in this 3.1 document as an extension).
         */
        get: operations["live-home-events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        UserSummary: {
            /** @example 1 */
            id: number;
            firstName: string;
            lastName: string;
            /** @description The avatar, 400×400 (PUT /users/me/avatar); null without one */
            avatarUrl: string | null;
            /**
             * @description Unique, lower-case, 3 to 30 of a-z, 0-9 and _: `@handle` mentions the user (GET /users/by-handle/{handle})
             * @example ada_lovelace
             */
            handle: string;
        };
        LoginResult: {
            /** @constant */
            status: "success";
            /** @description A JWT to send as `Authorization: Bearer <token>` */
            token: string;
            /** @description A JWT to send as `Authorization: Bearer <token>` */
            jwt: string;
        };
        StatusResult: {
            /** @constant */
            status: "success";
        };
        Session: {
            /**
             * Format: uuid
             * @description The session id (a token's `jti`)
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            expiresAt: string;
            /** @description True for the session of the token making this request */
            current: boolean;
        };
        Post: {
            /** @example 1 */
            id: number;
            title: string;
            content: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["UserSummary"];
            /** @description The first 20 users who like the post, by user id; all of them: GET /posts/{id}/likes */
            likedBy: components["schemas"]["UserSummary"][];
            /** @description The 20 newest comments; all of them: GET /posts/{id}/comments */
            comments: components["schemas"]["Comment"][];
            /** @description How many likes the caller could page through */
            likeCount: number;
            /** @description How many comments the caller could page through */
            commentCount: number;
            /** @description Whether the caller likes it: a second like is rejected (400) when this is true */
            likedByMe: boolean;
            /** @description The images, in order ([] without) */
            media: components["schemas"]["MediaAttachment"][];
            /** @description The #tags of the title and content, NFC and lower-case, in order of first appearance; the first 10 distinct ones count */
            tags: string[];
            /** @description How many quotes of it the caller could page through (GET /posts/{id}/quotes) */
            quoteCount: number;
            /** @description The post this one quotes; null when none, when it was deleted, or when a block stands between its author and the caller */
            quoteOf: components["schemas"]["QuotedPost"] | null;
            /** @description How many reposts by users the caller could see */
            repostCount: number;
            /** @description Whether the caller reposted it: a second repost is rejected (400) */
            repostedByMe: boolean;
            /** @description Whether the caller bookmarked it (bookmarks are private) */
            bookmarkedByMe: boolean;
            /** @description The users the post's content mentions (`@handle`), by user id: the first 20 it names; those across a block from the caller left out */
            mentions: components["schemas"]["UserSummary"][];
        };
        Comment: {
            /** @example 1 */
            id: number;
            content: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["UserSummary"];
            /** @description The first 20 users who like the comment, by user id; all of them: GET /comments/{id}/likes */
            likedBy: components["schemas"]["UserSummary"][];
            /** @description How many likes the caller could page through */
            likeCount: number;
            /** @description Whether the caller likes it: a second like is rejected (400) when this is true */
            likedByMe: boolean;
            /** @description The users the comment's content mentions (`@handle`), by user id: the first 20 it names; those across a block from the caller left out */
            mentions: components["schemas"]["UserSummary"][];
        };
        MediaAttachment: {
            /** @example 1 */
            id: number;
            /** @enum {string} */
            state: "processing" | "ready" | "failed";
            type: ("image/jpeg" | "image/webp") | null;
            /** @description The image, at most 2048 px on its long side */
            url: string | null;
            /** @description A preview, at most 400 px on its long side */
            previewUrl: string | null;
            width: number | null;
            height: number | null;
            blurhash: string | null;
            description: string;
        };
        QuotedPost: {
            /** @example 1 */
            id: number;
            title: string;
            content: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["UserSummary"];
            /** @description How many likes the caller could page through */
            likeCount: number;
            /** @description How many comments the caller could page through */
            commentCount: number;
            /** @description The images, in order ([] without) */
            media: components["schemas"]["MediaAttachment"][];
            /** @description The #tags of the title and content, NFC and lower-case, in order of first appearance; the first 10 distinct ones count */
            tags: string[];
            /** @description How many quotes of it the caller could page through (GET /posts/{id}/quotes) */
            quoteCount: number;
        };
        HomeItem: {
            /** @example 1 */
            id: number;
            title: string;
            content: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["UserSummary"];
            /** @description The first 20 users who like the post, by user id; all of them: GET /posts/{id}/likes */
            likedBy: components["schemas"]["UserSummary"][];
            /** @description The 20 newest comments; all of them: GET /posts/{id}/comments */
            comments: components["schemas"]["Comment"][];
            /** @description How many likes the caller could page through */
            likeCount: number;
            /** @description How many comments the caller could page through */
            commentCount: number;
            /** @description Whether the caller likes it: a second like is rejected (400) when this is true */
            likedByMe: boolean;
            /** @description The images, in order ([] without) */
            media: components["schemas"]["MediaAttachment"][];
            /** @description The #tags of the title and content, NFC and lower-case, in order of first appearance; the first 10 distinct ones count */
            tags: string[];
            /** @description How many quotes of it the caller could page through (GET /posts/{id}/quotes) */
            quoteCount: number;
            /** @description The post this one quotes; null when none, when it was deleted, or when a block stands between its author and the caller */
            quoteOf: components["schemas"]["QuotedPost"] | null;
            /** @description How many reposts by users the caller could see */
            repostCount: number;
            /** @description Whether the caller reposted it: a second repost is rejected (400) */
            repostedByMe: boolean;
            /** @description Whether the caller bookmarked it (bookmarks are private) */
            bookmarkedByMe: boolean;
            /** @description The users the post's content mentions (`@handle`), by user id: the first 20 it names; those across a block from the caller left out */
            mentions: components["schemas"]["UserSummary"][];
            /** @description The followed user whose repost brought the post here (the newest); null for a post shown as written */
            repostedBy: components["schemas"]["UserSummary"] | null;
            /** @description When repostedBy reposted it; null with repostedBy */
            repostedAt: string | null;
            /** @description This item as a place in the timeline: `before` of the next page and Last-Event-ID take it */
            cursor: string;
        };
        FollowedTag: {
            /** @example typescript */
            name: string;
        };
        UserWithRelations: {
            /** @example 1 */
            id: number;
            firstName: string;
            lastName: string;
            /** @description The avatar, 400×400 (PUT /users/me/avatar); null without one */
            avatarUrl: string | null;
            /**
             * @description Unique, lower-case, 3 to 30 of a-z, 0-9 and _: `@handle` mentions the user (GET /users/by-handle/{handle})
             * @example ada_lovelace
             */
            handle: string;
            /** @description The 20 newest posts; all of them: GET /users/{id}/posts */
            posts: components["schemas"]["Post"][];
            /** @description The 20 newest comments; all of them: GET /users/{id}/comments */
            comments: components["schemas"]["Comment"][];
            /** @description The first 20 users this user follows, by id; all of them: GET /users/{id}/followed */
            followed: components["schemas"]["UserSummary"][];
            /** @description The first 20 followers, by id; all of them: GET /users/{id}/followers */
            followers: components["schemas"]["UserSummary"][];
            /** @description How many posts the caller could page through */
            postCount: number;
            /** @description How many comments the caller could page through */
            commentCount: number;
            /** @description How many followers the caller could page through */
            followerCount: number;
            /** @description How many users this user follows that the caller could page through */
            followedCount: number;
        };
        Event: {
            /** @example 1 */
            id: number;
            name: string;
            description: string;
            location: string;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            dateTime: string;
            /**
             * @description The owner's user id
             * @example 1
             */
            UserId: number;
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
        };
        Notification: {
            /** @example 1 */
            id: number;
            /**
             * @description post_like: the actor liked your post; comment_like: your comment; comment: the actor commented on your post; follow: the actor follows you; mention: the actor mentioned you in a post (or a comment on it); repost: the actor reposted your post; quote: the actor quoted your post (`post` is the quote)
             * @enum {string}
             */
            type: "post_like" | "comment_like" | "comment" | "follow" | "mention" | "repost" | "quote";
            /**
             * Format: date-time
             * @example 2026-11-21T09:00:00.000Z
             */
            createdAt: string;
            actor: components["schemas"]["UserSummary"];
            /** @description The post it is about */
            post?: {
                /** @example 1 */
                id: number;
                title: string;
            };
            /** @description The comment it is about (or the new comment) */
            comment?: {
                /** @example 1 */
                id: number;
            };
            read: boolean;
        };
        /** @description The body of every error response */
        ApiError: {
            /**
             * @description What went wrong, for people
             * @example Invalid ID
             */
            message: string;
            /**
             * @description What went wrong, for programs
             * @example BAD_REQUEST
             */
            code: string;
            /** @description Validation errors, one per field */
            issues?: {
                path: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again: on every 429, and on a 503 when the wait is known */
        "Retry-After": number;
        /** @description The scheme to authenticate with */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "auth-signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description An email address; compared case-insensitively
                     * @example ada@example.com
                     */
                    email: string;
                    password: string;
                    passwordValidation: string;
                    /** @description At most 100 characters, and 200 bytes as JSON (UTF-8, escapes included) */
                    firstName: string;
                    /** @description At most 100 characters, and 200 bytes as JSON (UTF-8, escapes included) */
                    lastName: string;
                    /**
                     * @description The handle to take (3 to 30 of a-z, 0-9 and _, stored lower-case); without it, a free one is derived from the name
                     * @example ada_lovelace
                     */
                    handle?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid input, the user already exists, or the handle is taken */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input, the user already exists, or the handle is taken",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many signups from this address; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many signups from this address; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description An email address; compared case-insensitively
                     * @example ada@example.com
                     */
                    email: string;
                    /** @description Full name: first name, a space, last name (each at most 100 characters) */
                    name: string;
                    password: string;
                    password_confirm: string;
                    /**
                     * @description The handle to take (3 to 30 of a-z, 0-9 and _, stored lower-case); without it, a free one is derived from the name
                     * @example ada_lovelace
                     */
                    handle?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid input, password_confirm differs, the user already exists, or the handle is taken */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input, password_confirm differs, the user already exists, or the handle is taken",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many signups from this address; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many signups from this address; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    /** @description Keep the session for a long time (30 days by default) */
                    longExpiration?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResult"];
                };
            };
            /** @description Email or password missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Email or password missing",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Incorrect email or password */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Incorrect email or password",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many failed logins for this email or from this address; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many failed logins for this email or from this address; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-logout": {
        parameters: {
            query?: {
                all?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResult"];
                };
            };
            /** @description all is neither true nor false */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "all is neither true nor false",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    newPasswordValidation: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResult"];
                };
            };
            /** @description Current password wrong, new password too short or too long, or newPasswordValidation differs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Current password wrong, new password too short or too long, or newPasswordValidation differs",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many wrong passwords for this account or from this address; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many wrong passwords for this account or from this address; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"][];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "auth-endSession": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A session id from GET /auth/sessions
                 * @example 0b5f2a9c-6d1e-4c3b-9a7f-2e8d4c6b1a90
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid ID (not a session id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID (not a session id)",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not one of the caller's live sessions */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not one of the caller's live sessions",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-list": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
                /** @example typescript -java */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid limit, before or q */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit, before or q",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, and 400 bytes as JSON (UTF-8, escapes included) */
                    title: string;
                    /** @description At most 20000 characters, and 28000 bytes as JSON (UTF-8, escapes included) */
                    content: string;
                    /** @description Up to 4 of the caller's own uploads (POST /media), ready and attached to nothing else, in the order shown; on PATCH /posts/{id} they replace the post's images (list one again to keep it, [] removes all) */
                    mediaIds?: number[];
                    /**
                     * @description The id of a post to quote (one the caller can see; 404 otherwise). Set when the post is written, never edited
                     * @example 1
                     */
                    quoteOf?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Title and content are required; mediaIds must name the caller's own ready, unattached uploads */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Title and content are required; mediaIds must name the caller's own ready, unattached uploads",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description quoteOf names no post the caller can see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "quoteOf names no post the caller can see",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-followed": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-home": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1764270000000_42 */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HomeItem"][];
                };
            };
            /** @description Invalid limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller is not the author */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller is not the author",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, and 400 bytes as JSON (UTF-8, escapes included) */
                    title: string;
                    /** @description At most 20000 characters, and 28000 bytes as JSON (UTF-8, escapes included) */
                    content: string;
                    /** @description Up to 4 of the caller's own uploads (POST /media), ready and attached to nothing else, in the order shown; on PATCH /posts/{id} they replace the post's images (list one again to keep it, [] removes all) */
                    mediaIds?: number[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or title and content missing; mediaIds must name the caller's own ready uploads, unattached or already this post's */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or title and content missing; mediaIds must name the caller's own ready uploads, unattached or already this post's",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller is not the author */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller is not the author",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-like": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller already liked the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller already liked the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-unlike": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller has not liked the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller has not liked the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-repost": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller already reposted the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller already reposted the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-unrepost": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller has not reposted the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller has not reposted the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-bookmark": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller already bookmarked the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller already bookmarked the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-unbookmark": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Invalid ID, or the caller has not bookmarked the post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller has not bookmarked the post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-comment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 5000 characters, and 7500 bytes as JSON (UTF-8, escapes included) */
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid ID or invalid comment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID or invalid comment",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID (or its author and the caller are on either side of a block) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID (or its author and the caller are on either side of a block)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-comments": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-likes": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID (or its author and the caller are on either side of a block) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID (or its author and the caller are on either side of a block)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "posts-quotes": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No post with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No post with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "comments-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller wrote neither the comment nor the post it is on */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller wrote neither the comment nor the post it is on",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No comment with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No comment with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "comments-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 5000 characters, and 7500 bytes as JSON (UTF-8, escapes included) */
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid ID, or content missing or too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or content missing or too long",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller is not the author */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller is not the author",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No comment with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No comment with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "comments-like": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid ID, or the caller already liked the comment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller already liked the comment",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No comment with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No comment with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "comments-unlike": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description Invalid ID, or the caller has not liked the comment */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the caller has not liked the comment",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No comment with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No comment with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "comments-likes": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No comment with that ID (or a block hides it or its post from the caller) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No comment with that ID (or a block hides it or its post from the caller)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "tags-posts": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A tag, with or without its # (%23 in a URL): a letter, then letters, digits or _, at most 50 characters; compared NFC and lower-case
                 * @example typescript
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid tag, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid tag, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "tags-follow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A tag, with or without its # (%23 in a URL): a letter, then letters, digits or _, at most 50 characters; compared NFC and lower-case
                 * @example typescript
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowedTag"];
                };
            };
            /** @description Invalid tag, already followed, or 1000 tags followed already */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid tag, already followed, or 1000 tags followed already",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "tags-unfollow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A tag, with or without its # (%23 in a URL): a letter, then letters, digits or _, at most 50 characters; compared NFC and lower-case
                 * @example typescript
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid tag, or not followed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid tag, or not followed",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-list": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithRelations"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-deleteMe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The caller's current password */
                    password: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Password is incorrect, or missing */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Password is incorrect, or missing",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many wrong passwords for this account or from this address; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many wrong passwords for this account or from this address; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-updateMe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 100 characters, and 200 bytes as JSON (UTF-8, escapes included) */
                    firstName?: string;
                    /** @description At most 100 characters, and 200 bytes as JSON (UTF-8, escapes included) */
                    lastName?: string;
                    /**
                     * @description 3 to 30 characters of a-z, 0-9 and _; compared and stored lower-case
                     * @example ada_lovelace
                     */
                    handle?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description None of firstName, lastName and handle given, one is blank, too long or malformed, or the handle is taken */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "None of firstName, lastName and handle given, one is blank, too long or malformed, or the handle is taken",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-setAvatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The image: JPEG, PNG, WebP, GIF or AVIF (read from its bytes) */
                    file: string;
                    /** @description Alt text: at most 420 characters, and 440 bytes as JSON */
                    description?: string;
                };
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
                "image/gif": string;
                "image/avif": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description Accepted: the image is still processing */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description No file part, or the description is too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No file part, or the description is too long",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The image is over MEDIA_MAX_BYTES (10 MB unless configured) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The image is over MEDIA_MAX_BYTES (10 MB unless configured)",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not a JPEG, PNG, WebP, GIF or AVIF image (read from its bytes), or a body neither multipart/form-data nor an image type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not a JPEG, PNG, WebP, GIF or AVIF image (read from its bytes), or a body neither multipart/form-data nor an image type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The image is damaged, truncated, or has more pixels than allowed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The image is damaged, truncated, or has more pixels than allowed",
                     *       "code": "UNPROCESSABLE_CONTENT"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time, or too many of the user's images processing; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time, or too many of the user's images processing; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable, or too many images are processing; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable, or too many images are processing; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-deleteAvatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-blocked": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid limit or before, or before names no blocked user */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before, or before names no blocked user",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-muted": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid limit or before, or before names no muted user */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before, or before names no muted user",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-bookmarks": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid limit or before, or before names no bookmarked post */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before, or before names no bookmarked post",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-tags": {
        parameters: {
            query?: {
                limit?: number;
                /** @example typescript */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowedTag"][];
                };
            };
            /** @description Invalid limit or before, or before names no followed tag */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before, or before names no followed tag",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-byHandle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description 3 to 30 characters of a-z, 0-9 and _; compared and stored lower-case
                 * @example ada_lovelace
                 */
                handle: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithRelations"];
                };
            };
            /** @description Not a handle */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not a handle",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that handle */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that handle",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithRelations"];
                };
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-posts": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit= */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many large answers are being sent to this user at once (see Retry-After); lists can be paged with ?limit=",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-comments": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID (or a block between them and the caller) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID (or a block between them and the caller)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-followers": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID (or a block between them and the caller) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID (or a block between them and the caller)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-followed": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"][];
                };
            };
            /** @description Invalid ID, limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID (or a block between them and the caller) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID (or a block between them and the caller)",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-follow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithRelations"];
                };
            };
            /** @description Invalid ID, the caller themself, or already followed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, the caller themself, or already followed",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-unfollow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserWithRelations"];
                };
            };
            /** @description Invalid ID, or not followed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or not followed",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-block": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid ID, the caller themself, or already blocked */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, the caller themself, or already blocked",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-unblock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid ID, the caller themself, or not blocked */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, the caller themself, or not blocked",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-mute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid ID, the caller themself, or already muted */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, the caller themself, or already muted",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "users-unmute": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSummary"];
                };
            };
            /** @description Invalid ID, the caller themself, or not muted */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, the caller themself, or not muted",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No user with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No user with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "events-list": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"][];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "events-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, and 400 bytes as JSON (UTF-8, escapes included) */
                    name: string;
                    /** @description At most 5000 characters, and 10000 bytes as JSON (UTF-8, escapes included) */
                    description: string;
                    /** @description At most 300 characters, and 600 bytes as JSON (UTF-8, escapes included) */
                    location: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone (Z or an offset), years 0001 to 9999 in UTC; returned in UTC
                     * @example 2026-12-01T18:30:00Z
                     */
                    dateTime: string;
                    /**
                     * @description The owner: the caller's own id, or absent
                     * @example 1
                     */
                    UserId?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Invalid event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid event",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description UserId names another user */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "UserId names another user",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "events-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No event with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No event with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "events-replace": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 200 characters, and 400 bytes as JSON (UTF-8, escapes included) */
                    name: string;
                    /** @description At most 5000 characters, and 10000 bytes as JSON (UTF-8, escapes included) */
                    description: string;
                    /** @description At most 300 characters, and 600 bytes as JSON (UTF-8, escapes included) */
                    location: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 with a time zone (Z or an offset), years 0001 to 9999 in UTC; returned in UTC
                     * @example 2026-12-01T18:30:00Z
                     */
                    dateTime: string;
                    /**
                     * @description The owner: the caller's own id, or absent
                     * @example 1
                     */
                    UserId?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Invalid ID or invalid event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID or invalid event",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller is not the owner, or UserId names another user */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller is not the owner, or UserId names another user",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No event with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No event with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "events-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The caller is not the owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The caller is not the owner",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No event with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No event with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "notifications-unreadCount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "notifications-list": {
        parameters: {
            query?: {
                limit?: number;
                /** @example 1 */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"][];
                };
            };
            /** @description Invalid limit or before */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid limit or before",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "notifications-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Marks this notification and every older one read
                     * @example 1
                     */
                    upTo: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            /** @description upTo is not a notification id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "upTo is not a notification id",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "live-ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ticket: string;
                        expiresInSeconds: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid input",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "media-upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The image: JPEG, PNG, WebP, GIF or AVIF (read from its bytes) */
                    file: string;
                    /** @description Alt text: at most 420 characters, and 440 bytes as JSON */
                    description?: string;
                };
                "image/jpeg": string;
                "image/png": string;
                "image/webp": string;
                "image/gif": string;
                "image/avif": string;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description Accepted: the image is still processing */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description No file part, or the description is too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No file part, or the description is too long",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The image is over MEDIA_MAX_BYTES (10 MB unless configured) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The image is over MEDIA_MAX_BYTES (10 MB unless configured)",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Not a JPEG, PNG, WebP, GIF or AVIF image (read from its bytes), or a body neither multipart/form-data nor an image type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not a JPEG, PNG, WebP, GIF or AVIF image (read from its bytes), or a body neither multipart/form-data nor an image type",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The image is damaged, truncated, or has more pixels than allowed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The image is damaged, truncated, or has more pixels than allowed",
                     *       "code": "UNPROCESSABLE_CONTENT"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time, or too many of the user's images processing; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time, or too many of the user's images processing; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable, or too many images are processing; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable, or too many images are processing; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "media-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description Invalid ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No upload of the caller with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No upload of the caller with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many requests of this user or address in progress at once; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many requests of this user or address in progress at once; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "media-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A positive integer identifier
                 * @example 1
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Alt text: at most 420 characters, and 440 bytes as JSON */
                    description: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAttachment"];
                };
            };
            /** @description Invalid ID, or the description is too long */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid ID, or the description is too long",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description No upload of the caller with that ID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "No upload of the caller with that ID",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body over 1 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body over 1 MB",
                     *       "code": "PAYLOAD_TOO_LARGE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Request body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Request body is not JSON",
                     *       "code": "UNSUPPORTED_MEDIA_TYPE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many writes by this user in a short time; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many writes by this user in a short time; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "live-feed-events": {
        parameters: {
            query?: {
                /** @description A one-time ticket from POST /live/ticket, instead of the bearer header (a browser EventSource) */
                ticket?: string;
            };
            header?: {
                /** @description Resume after this event id */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid Last-Event-ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid Last-Event-ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value)",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many streams open for this user or this process; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many streams open for this user or this process; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable, or the service is stopping; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable, or the service is stopping; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "live-notifications-events": {
        parameters: {
            query?: {
                /** @description A one-time ticket from POST /live/ticket, instead of the bearer header (a browser EventSource) */
                ticket?: string;
            };
            header?: {
                /** @description Resume after this event id */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid Last-Event-ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid Last-Event-ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value)",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many streams open for this user or this process; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many streams open for this user or this process; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable, or the service is stopping; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable, or the service is stopping; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    "live-home-events": {
        parameters: {
            query?: {
                /** @description A one-time ticket from POST /live/ticket, instead of the bearer header (a browser EventSource) */
                ticket?: string;
            };
            header?: {
                /** @description Resume after this item's cursor */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid Last-Event-ID */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Invalid Last-Event-ID",
                     *       "code": "BAD_REQUEST"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Missing, invalid, expired or logged-out token, or an invalid, used or expired ticket (any other value)",
                     *       "code": "UNAUTHORIZED"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description Too many streams open for this user or this process; see Retry-After */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many streams open for this user or this process; see Retry-After",
                     *       "code": "TOO_MANY_REQUESTS"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
            /** @description The database is unavailable, or the service is stopping; retry later */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "The database is unavailable, or the service is stopping; retry later",
                     *       "code": "SERVICE_UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
}
